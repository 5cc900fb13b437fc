/**
 * Task calls' input that PATCH /task/{id} does not read (lists, deletes, invitations, roles, titles,
 * the validation query), apart from schemas.ts: a zod schema is built when its module loads, so the
 * update-task bundle carries only the schemas of the module it uses (D51, infra/test/bundles.test.ts).
 */
import * as z from 'zod/mini';
import { entityId, MAX_ID_LENGTH, TEXT_LIMITS } from '../api/limits.ts';
import { EMAIL_PATTERN, normaliseEmail } from '../groups/invitations.ts';
import { ROLES } from '../groups/roles.ts';
import { PRIORITY_GROUPS, TASK_MODES } from './constants.ts';
import { taskLevel, timezoneInput } from './schemas.ts';

export const deleteTasksInput = z.strictObject({
  tasks: z.array(entityId).check(z.minLength(1, 'Name at least one task.'), z.maxLength(100)),
  withChildren: z._default(z.boolean(), false),
});

/** A query parameter holding a comma-separated list; empty items are dropped. */
const commaItems = (max: number) =>
  z.pipe(
    z.string().check(z.maxLength(max * (MAX_ID_LENGTH + 1))),
    z.transform((v) => v.split(',').filter((x) => x !== '')),
  );

export const listTasksQuery = z.object({
  group: z.optional(entityId),
  mode: z.optional(z.enum(TASK_MODES)),
  type: z.optional(z.enum(['delegated_to_me'])),
  priorityGroup: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((id) => PRIORITY_GROUPS.some((g) => g.id === id), 'Unknown priority group.'),
    ),
  ),
  isOwner: z.optional(z.enum(['0', '1'])),
  /** The header's selection (tasks/selection.ts): comma-separated group ids and levels. */
  groups: z.optional(z.pipe(commaItems(500), z.array(entityId).check(z.maxLength(500)))),
  levels: z.optional(
    z.pipe(
      commaItems(9),
      z
        .array(z.pipe(z.string().check(z.regex(/^[1-9]$/, 'A level is 1 to 9.')), z.transform(Number)))
        .check(z.maxLength(9)),
    ),
  ),
  /** The previous answer's `next` cursor (opaque); without it, `page` counts from the start. */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
});

export const inviteToTaskInput = z.strictObject({
  task: entityId,
  email: z.pipe(
    z.string({ error: 'Enter an e-mail address.' }).check(
      z.trim(),
      z.refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid e-mail address.'),
    ),
    z.transform(normaliseEmail),
  ),
  role: z._default(
    z.union([z.literal(ROLES.editor), z.literal(ROLES.standard)], {
      error: 'An assignee is an editor (6) or standard (5).',
    }),
    ROLES.standard,
  ),
});

export const answerPendingInput = z.strictObject({
  invitations: z.array(entityId).check(z.minLength(1, 'Choose at least one invitation.'), z.maxLength(100)),
  action: z.union([z.literal(0), z.literal(1)], { error: 'Answer 1 to accept or 0 to decline.' }),
});

/** A person's own title for a level or a priority group; empty restores the default. */
export const userTitleInput = z.strictObject({
  id: z.int(),
  title: z
    .string()
    .check(
      z.trim(),
      z.maxLength(TEXT_LIMITS.ownTitle, `A title has at most ${TEXT_LIMITS.ownTitle} characters.`),
    ),
});

export const taskRoleInput = z.strictObject({
  task: entityId,
  user: entityId,
  role: z.number({ error: 'Choose a role.' }).check(z.int()),
});

// The validation query lives apart so that GET /task/validation does not carry the other task
// calls' schemas (docs/decisions.md D81); passed on with `export *`.
export * from './validation-query.ts';

export const newStructureInput = z.strictObject({
  tasks: z
    .array(z.strictObject({ id: entityId, level: taskLevel, parent: z.nullable(entityId) }))
    .check(z.minLength(1), z.maxLength(200)),
});

/**
 * The answer to a delegation: the e-mailed key, and the body of spec 002 §7 (email, invited_by, task_id,
 * action, user_timezone). The key is what proves the caller read the e-mail; the other fields, when sent,
 * must name the same invitation (invited_by as the inviter's e-mail or id).
 */
export const answerTaskInvitationInput = z.strictObject({
  key: z.string().check(z.minLength(20, 'This invitation link is not valid.'), z.maxLength(200)),
  action: z.union([z.literal(0), z.literal(1)], { error: 'Answer 1 to accept or 0 to decline.' }),
  userTimezone: z.optional(timezoneInput),
  email: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254))),
  invitedBy: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(254))),
  taskId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});
export type AnswerTaskInvitationInput = z.infer<typeof answerTaskInvitationInput>;
