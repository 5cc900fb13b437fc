/**
 * An edit made over a task that changed meanwhile (issue 12 item 2, D41). PATCH /task/{id} may carry
 * the `version` the form loaded; when the task has moved on since, the answer is 409 with the task as
 * it is now in `detail.current` (the caller's own view of it, as GET /task/{id} gives it), and nothing
 * is written. Without `version` the call behaves as before: last write wins.
 */
import type { TaskView } from './views.ts';

export const TASK_CHANGED_MESSAGE = 'This task was changed by someone else meanwhile.';

/** The 409's `detail` (camelCase here, snake_case on the wire). */
export interface TaskConflictDetail {
  message: string;
  /** The task as it is now. */
  current: TaskView;
}

/** The current task carried by a 409's detail, or null when the detail is not a task conflict. */
export function conflictTaskOf(detail: unknown): TaskView | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const current = (detail as { current?: unknown }).current;
  if (typeof current !== 'object' || current === null) return null;
  const t = current as Partial<TaskView>;
  return typeof t.id === 'string' && typeof t.version === 'number' ? (current as TaskView) : null;
}
