/**
 * The task calls' own messages (spec 000 §7 Tasks, §5 validation), and the spec's catalogue keys for
 * those that have one: a missing title is task-form.title-required, no assignee
 * task-form.assignees-required. Apart from the schemas (tasks/schemas.ts re-exports them), so that
 * the HTTP handler of every route reads them without carrying the task schemas (docs/decisions.md D81).
 */
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
