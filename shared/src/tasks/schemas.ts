/**
 * Task calls' input (spec 000 §7 Tasks, §5 validation). Codes are the spec's: a missing title is
 * task-form.title-required, no assignee task-form.assignees-required.
 */
import * as z from 'zod/mini';
import { boundedText, enCount, entityId, idField, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';
import { patchOf } from '../api/patch.ts';
import { companyIdField } from '../contacts/company-id.ts';
import { descriptionDocInput, withDocumentText } from '../editor/schema.ts';
import { EMAIL_PATTERN, normaliseEmail } from '../groups/invitations.ts';
import { ROLES } from '../groups/roles.ts';
import { scheduleInput, schedulePatchInput } from '../time/schedule-input.ts';
import { isValidTimezone } from '../user/timezone.ts';
import {
  DEFAULT_LEVEL,
  DELEGATION_TYPES,
  INPUT_TYPES,
  ISSUE_LEVEL,
  isRequestablePriorityGroup,
  TASK_FLAG,
  TASK_MODES,
  TASK_STATUS,
} from './constants.ts';
import { TASK_MESSAGES } from './messages.ts';

// The messages and their codes live apart so that what reads only them (lib/http-handler.ts: every
// route's error answers) does not bring these schemas into its bundle (docs/decisions.md D81). Passed
// on with `export *`: esbuild keeps a module whose named re-export (`export { x } from`) is used.
export * from './messages.ts';

const title = requiredTitle('taskTitle', {
  required: TASK_MESSAGES.titleRequired,
  tooLong: `A title has at most ${TEXT_LIMITS.taskTitle} characters.`,
});
const description = boundedText(
  'taskDescription',
  `A description has at most ${enCount(TEXT_LIMITS.taskDescription)} characters.`,
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
/** A task level, 1 to 8 (also read by request-schemas.ts). */
export const taskLevel = z
  .int()
  .check(z.gte(1, 'Level must be 1 to 8.'), z.lte(ISSUE_LEVEL, 'Level must be 1 to 8.'));
const priorityGroup = z.int().check(z.refine(isRequestablePriorityGroup, TASK_MESSAGES.priorityGroup));
const isoDate = z.iso.datetime({ offset: true, error: 'Give a date and time in ISO 8601.' });
/** An IANA time zone (also read by request-schemas.ts). */
export const timezoneInput = z.string().check(z.refine(isValidTimezone, 'Unknown time zone'));

export const taskAssigneeInput = z.strictObject({
  /** A user id, for people already known; or an e-mail, invited when they are not. */
  user: z.optional(entityId),
  email: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid e-mail address.'),
      ),
      z.transform(normaliseEmail),
    ),
  ),
  role: z.union([z.literal(ROLES.editor), z.literal(ROLES.standard)], {
    error: 'An assignee is an editor (6) or standard (5).',
  }),
});

const details = z.strictObject({
  description: z._default(description, ''),
  /** Lexical JSON (shared/src/editor): the description is then its plain text, made here (D51). */
  descriptionDoc: z.optional(z.nullable(descriptionDocInput)),
  flag: z._default(flag, TASK_FLAG.normal),
});

const taskFields = {
  title,
  details: z._default(z.pipe(details, z.transform(withDocumentText)), {
    description: '',
    flag: TASK_FLAG.normal,
  }),
  mode: z._default(z.enum(['draft', 'active'], { error: 'A new task is a draft or active.' }), 'active'),
  status: z._default(
    status.check(z.refine((s) => s !== TASK_STATUS.done, TASK_MESSAGES.doneOnCreate)),
    TASK_STATUS.notStarted,
  ),
  level: z._default(taskLevel, DEFAULT_LEVEL),
  priorityGroup: z._default(priorityGroup, 0),
  dueAt: z._default(z.nullable(isoDate), null),
  taskPosition: z._default(z.enum(['top', 'bottom']), 'top'),
};

/** A sub-task: its priority group defaults to its parent's, so it shows under it rather than beside it. */
export const childTaskInput = z.strictObject({
  ...taskFields,
  priorityGroup: z.optional(priorityGroup),
});

export const createTaskInput = z
  .strictObject({
    ...taskFields,
    group: idField('Choose a group.'),
    parent: z._default(z.nullable(entityId), null),
    /** Omitted: the creator is the assignee. Given empty: refused (task-form.assignees-required). */
    taskAssignees: z.optional(z.array(taskAssigneeInput).check(z.maxLength(100))),
    delegationType: z._default(z.enum(DELEGATION_TYPES), 'SI'),
    children: z._default(z.array(childTaskInput).check(z.maxLength(100)), []),
    userTimezone: z.optional(timezoneInput),
    /** The task's schedule, saved with it in one transaction (spec 000 §3 quick-task payload). */
    scheduledTask: z.optional(scheduleInput),
    /** 'audio' makes an audio task (spec 000 §3; decisions D47); absent or null, an ordinary one. */
    inputType: z.optional(z.nullable(z.enum(INPUT_TYPES, { error: "The input type is 'audio' or none." }))),
    /** Spec 001 §7: a task made from a contact or company is linked to it (docs/api/contacts.md). */
    contact: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    company: z.optional(companyIdField),
  })
  .check(
    z.superRefine((t, ctx) => {
      if (t.level >= ISSUE_LEVEL && t.children.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['children'], message: TASK_MESSAGES.issueNoChildren });
      }
    }),
  );
export type CreateTaskInput = z.infer<typeof createTaskInput>;

export const updateTaskInput = z.pipe(
  z.partial(
    z.strictObject({
      title,
      /** Merged field by field: a description alone keeps the flag, a flag alone the description. */
      details: patchOf(details),
      mode: z.enum(TASK_MODES),
      status,
      level: taskLevel,
      priorityGroup,
      dueAt: z.nullable(isoDate),
      group: entityId,
      completionAt: z.nullable(isoDate),
      /** The whole new list of assignees (members of the task's group); empty is refused. */
      taskAssignees: z.array(taskAssigneeInput).check(z.maxLength(100)),
      /** The project manager: the creator or one of the assignees (null clears it). */
      manager: z.nullable(entityId),
      taskPosition: z.enum(['top', 'bottom', 'custom']),
      /** Sort code of the neighbours when dragged: the task lands between them. */
      placeBetween: z.strictObject({ before: z.nullable(z.string()), after: z.nullable(z.string()) }),
      userTimezone: timezoneInput,
      /** The schedule's changed fields, merged onto the one there (null clears it), as PATCH /task/schedule/{id}. */
      scheduledTask: z.nullable(schedulePatchInput),
      /** The name tasks are read back with (and spec 002's other name for details): the same thing. */
      taskDetails: patchOf(details),
      /** The version the change was made over: 409 with the current task when it has moved on (D41). */
      version: z.int().check(z.gte(1)),
    }),
  ),
  z.transform(({ taskDetails, ...rest }) => {
    const merged = taskDetails ? { ...rest, details: { ...taskDetails, ...rest.details } } : rest;
    return merged.details ? { ...merged, details: withDocumentText(merged.details) } : merged;
  }),
);
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

export { requireTaskId } from './guards.ts';
