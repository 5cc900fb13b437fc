/**
 * Checks with no schema library behind them, for code that must stay light (the web's Today route).
 */
export const TASK_ID_UNDEFINED = 'Task ID is undefined';

/** The web form's guard before an update (spec 000 §5): an update needs the task's id. */
export function requireTaskId(id: string | null | undefined): string {
  if (!id) throw new Error(TASK_ID_UNDEFINED);
  return id;
}
