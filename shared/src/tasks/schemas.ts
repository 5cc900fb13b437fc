/**
 * Task calls' input (spec 000 §7 Tasks, §5 validation). Codes are the spec's: a missing title is
 * task-form.title-required, no assignee task-form.assignees-required.
 */
import * as z from 'zod';
import { boundedText, entityId, idField, MAX_ID_LENGTH, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';
import { patchOf } from '../api/patch.ts';
import { EMAIL_PATTERN, normaliseEmail } from '../groups/invitations.ts';
import { ROLES } from '../groups/roles.ts';
import { scheduleInput, schedulePatchInput } from '../time/schedule-input.ts';
import { isValidTimezone } from '../user/timezone.ts';
import {
  DEFAULT_LEVEL,
  DELEGATION_TYPES,
  ISSUE_LEVEL,
  isRequestablePriorityGroup,
  PRIORITY_GROUPS,
  TASK_FLAG,
  TASK_MODES,
  TASK_STATUS,
} from './constants.ts';
import { TASK_ID_UNDEFINED } from './guards.ts';

export const TASK_MESSAGES = {
  titleRequired: 'Give the task a name.',
  assigneesRequired: 'A task needs at least one assignee.',
  taskIdUndefined: TASK_ID_UNDEFINED,
  doneOnCreate: 'A new task cannot be created as Done.',
  priorityGroup: 'Choose Today, Next, Later or Future.',
  issueNoChildren: 'An issue (level 8) cannot have sub-items.',
  moveUnderDescendant: 'A task cannot move under itself or one of its own sub-tasks.',
  managerChoice: 'The project manager is the task’s creator or one of its assignees.',
} as const;

/** The spec's catalogue keys for the messages that have one; the API answers them as `code`. */
export const TASK_ERROR_CODES: Record<string, string> = {
  [TASK_MESSAGES.titleRequired]: 'task-form.title-required',
  [TASK_MESSAGES.assigneesRequired]: 'task-form.assignees-required',
};

const title = requiredTitle('taskTitle', {
  required: TASK_MESSAGES.titleRequired,
  tooLong: `A title has at most ${TEXT_LIMITS.taskTitle} characters.`,
});
const description = boundedText(
  'taskDescription',
  `A description has at most ${TEXT_LIMITS.taskDescription.toLocaleString('en-US')} characters.`,
);
const flag = z.union([z.literal(TASK_FLAG.urgent), z.literal(TASK_FLAG.normal)], {
  error: 'Flag must be 1 (urgent) or 3 (normal).',
});
const status = z.union(
  [
    z.literal(TASK_STATUS.notStarted),
    z.literal(TASK_STATUS.active),
    z.literal(TASK_STATUS.paused),
    z.literal(TASK_STATUS.done),
  ],
  { error: 'Status must be 1, 2, 3 or 4.' },
);
const level = z.number().int().min(1, 'Level must be 1 to 8.').max(ISSUE_LEVEL, 'Level must be 1 to 8.');
const priorityGroup = z.number().int().refine(isRequestablePriorityGroup, TASK_MESSAGES.priorityGroup);
const isoDate = z.iso.datetime({ offset: true, error: 'Give a date and time in ISO 8601.' });
const timezone = z.string().refine(isValidTimezone, 'Unknown time zone');

export const taskAssigneeInput = z.strictObject({
  /** A user id, for people already known; or an e-mail, invited when they are not. */
  user: entityId.optional(),
  email: z
    .string()
    .trim()
    .refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid e-mail address.')
    .transform(normaliseEmail)
    .optional(),
  role: z.union([z.literal(ROLES.editor), z.literal(ROLES.standard)], {
    error: 'An assignee is an editor (6) or standard (5).',
  }),
});

const details = z.strictObject({
  description: description.default(''),
  flag: flag.default(TASK_FLAG.normal),
});

const taskFields = {
  title,
  details: details.default({ description: '', flag: TASK_FLAG.normal }),
  mode: z.enum(['draft', 'active'], { error: 'A new task is a draft or active.' }).default('active'),
  status: status
    .refine((s) => s !== TASK_STATUS.done, TASK_MESSAGES.doneOnCreate)
    .default(TASK_STATUS.notStarted),
  level: level.default(DEFAULT_LEVEL),
  priorityGroup: priorityGroup.default(0),
  dueAt: isoDate.nullable().default(null),
  taskPosition: z.enum(['top', 'bottom']).default('top'),
};

/** A sub-task: its priority group defaults to its parent's, so it shows under it rather than beside it. */
export const childTaskInput = z.strictObject({
  ...taskFields,
  priorityGroup: priorityGroup.optional(),
});

export const createTaskInput = z
  .strictObject({
    ...taskFields,
    group: idField('Choose a group.'),
    parent: entityId.nullable().default(null),
    /** Omitted: the creator is the assignee. Given empty: refused (task-form.assignees-required). */
    taskAssignees: z.array(taskAssigneeInput).max(100).optional(),
    delegationType: z.enum(DELEGATION_TYPES).default('SI'),
    children: z.array(childTaskInput).max(100).default([]),
    userTimezone: timezone.optional(),
    /** The task's schedule, saved with it in one transaction (spec 000 §3 quick-task payload). */
    scheduledTask: scheduleInput.optional(),
  })
  .superRefine((t, ctx) => {
    if (t.level >= ISSUE_LEVEL && t.children.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['children'], message: TASK_MESSAGES.issueNoChildren });
    }
  });
export type CreateTaskInput = z.infer<typeof createTaskInput>;

export const updateTaskInput = z
  .strictObject({
    title,
    /** Merged field by field: a description alone keeps the flag, a flag alone the description. */
    details: patchOf(details),
    mode: z.enum(TASK_MODES),
    status,
    level,
    priorityGroup,
    dueAt: isoDate.nullable(),
    group: entityId,
    completionAt: isoDate.nullable(),
    /** The whole new list of assignees (members of the task's group); empty is refused. */
    taskAssignees: z.array(taskAssigneeInput).max(100),
    /** The project manager: the creator or one of the assignees (null clears it). */
    manager: entityId.nullable(),
    taskPosition: z.enum(['top', 'bottom', 'custom']),
    /** Sort code of the neighbours when dragged: the task lands between them. */
    placeBetween: z.strictObject({ before: z.string().nullable(), after: z.string().nullable() }),
    userTimezone: timezone,
    /** The schedule's changed fields, merged onto the one there (null clears it), as PATCH /task/schedule/{id}. */
    scheduledTask: schedulePatchInput.nullable(),
    /** The name tasks are read back with (and spec 002's other name for details): the same thing. */
    taskDetails: patchOf(details),
    /** The version the change was made over: 409 with the current task when it has moved on (D41). */
    version: z.number().int().min(1),
  })
  .partial()
  .transform(({ taskDetails, ...rest }) =>
    taskDetails ? { ...rest, details: { ...taskDetails, ...rest.details } } : rest,
  );
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

export const deleteTasksInput = z.strictObject({
  tasks: z.array(entityId).min(1, 'Name at least one task.').max(100),
  withChildren: z.boolean().default(false),
});

export const newStructureInput = z.strictObject({
  tasks: z
    .array(z.strictObject({ id: entityId, level, parent: entityId.nullable() }))
    .min(1)
    .max(200),
});

/** A query parameter holding a comma-separated list; empty items are dropped. */
const commaItems = (max: number) =>
  z
    .string()
    .max(max * (MAX_ID_LENGTH + 1))
    .transform((v) => v.split(',').filter((x) => x !== ''));

export const listTasksQuery = z.object({
  group: entityId.optional(),
  mode: z.enum(TASK_MODES).optional(),
  type: z.enum(['delegated_to_me']).optional(),
  priorityGroup: z.coerce
    .number()
    .int()
    .refine((id) => PRIORITY_GROUPS.some((g) => g.id === id), 'Unknown priority group.')
    .optional(),
  isOwner: z.enum(['0', '1']).optional(),
  /** The header's selection (tasks/selection.ts): comma-separated group ids and levels. */
  groups: commaItems(500).pipe(z.array(entityId).max(500)).optional(),
  levels: commaItems(9)
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-9]$/, 'A level is 1 to 9.')
            .transform(Number),
        )
        .max(9),
    )
    .optional(),
  /** The previous answer's `next` cursor (opaque); without it, `page` counts from the start. */
  cursor: z.string().max(2000).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});

export { requireTaskId } from './guards.ts';

export const inviteToTaskInput = z.strictObject({
  task: entityId,
  email: z
    .string({ error: 'Enter an e-mail address.' })
    .trim()
    .refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid e-mail address.')
    .transform(normaliseEmail),
  role: z
    .union([z.literal(ROLES.editor), z.literal(ROLES.standard)], {
      error: 'An assignee is an editor (6) or standard (5).',
    })
    .default(ROLES.standard),
});

/**
 * The answer to a delegation: the e-mailed key, and the body of spec 002 §7 (email, invited_by, task_id,
 * action, user_timezone). The key is what proves the caller read the e-mail; the other fields, when sent,
 * must name the same invitation (invited_by as the inviter's e-mail or id).
 */
export const answerTaskInvitationInput = z.strictObject({
  key: z.string().min(20, 'This invitation link is not valid.').max(200),
  action: z.union([z.literal(0), z.literal(1)], { error: 'Answer 1 to accept or 0 to decline.' }),
  userTimezone: timezone.optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
  invitedBy: z.string().trim().min(1).max(254).optional(),
  taskId: z.string().trim().min(1).max(200).optional(),
});
export type AnswerTaskInvitationInput = z.infer<typeof answerTaskInvitationInput>;

export const answerPendingInput = z.strictObject({
  invitations: z.array(entityId).min(1, 'Choose at least one invitation.').max(100),
  action: z.union([z.literal(0), z.literal(1)], { error: 'Answer 1 to accept or 0 to decline.' }),
});

/** A person's own title for a level or a priority group; empty restores the default. */
export const userTitleInput = z.strictObject({
  id: z.number().int(),
  title: z
    .string()
    .trim()
    .max(TEXT_LIMITS.ownTitle, `A title has at most ${TEXT_LIMITS.ownTitle} characters.`),
});

export const taskRoleInput = z.strictObject({
  task: entityId,
  user: entityId,
  role: z.number({ error: 'Choose a role.' }).int(),
});

/**
 * GET /task/validation (spec 002 §7, shape ours: docs/decisions.md D16): the task form's fields as a
 * query, checked as POST /task would check them, without saving. Every value is text on a query;
 * whole numbers become numbers, and the rest is left for the create schema to judge.
 */
const queryText = z.string().max(20_000).optional();
export const taskValidationQuery = z.object({
  title: queryText,
  description: queryText,
  flag: queryText,
  status: queryText,
  mode: queryText,
  level: queryText,
  priorityGroup: queryText,
  dueAt: queryText,
  group: queryText,
  parent: queryText,
  delegationType: queryText,
  userTimezone: queryText,
});
export type TaskValidationQuery = z.infer<typeof taskValidationQuery>;

/** The create payload a validation query stands for (absent fields stay absent, as in the form). */
export function taskPayloadFromQuery(q: TaskValidationQuery): Record<string, unknown> {
  const num = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v) ? Number(v) : v);
  const details = Object.fromEntries(
    Object.entries({ description: q.description, flag: num(q.flag) }).filter(([, v]) => v !== undefined),
  );
  const fields = {
    title: q.title,
    status: num(q.status),
    mode: q.mode,
    level: num(q.level),
    priorityGroup: num(q.priorityGroup),
    dueAt: q.dueAt,
    group: q.group,
    parent: q.parent,
    delegationType: q.delegationType,
    userTimezone: q.userTimezone,
    ...(Object.keys(details).length ? { details } : {}),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** The answer of GET /task/validation: the form's errors by field (wire names), and their codes. */
export interface TaskValidationResult {
  valid: boolean;
  errors: Record<string, string>;
  codes: Record<string, string>;
}
