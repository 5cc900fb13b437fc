/**
 * A routine instance's id is `<definitionId>~<YYYY-MM-DD>` (the day it stands for). TaskView does not
 * name the definition, so the part before '~' is how an instance finds it. Kept free of luxon so the
 * task form can use it without loading the schedule rules.
 */
const INSTANCE_ID = /^(.+)~(\d{4}-\d{2}-\d{2})$/;

/** The routine definition's id for an instance id, or null when the id is not an instance's. */
export function definitionIdOf(instanceId: string): string | null {
  const m = INSTANCE_ID.exec(instanceId);
  return m ? m[1]! : null;
}

/** The day an instance stands for ('YYYY-MM-DD'), or null. */
export function instanceDayOf(instanceId: string): string | null {
  const m = INSTANCE_ID.exec(instanceId);
  return m ? m[2]! : null;
}

/** Priority groups 5 and 6 (spec 000 §3): a routine's instance and its definition. */
export const ROUTINE_INSTANCE_GROUP = 5;
export const ROUTINE_DEFINITION_GROUP = 6;
export type RoutineKind = 'instance' | 'definition';
export const routineKindOf = (priorityGroup: number): RoutineKind | null =>
  priorityGroup === ROUTINE_INSTANCE_GROUP
    ? 'instance'
    : priorityGroup === ROUTINE_DEFINITION_GROUP
      ? 'definition'
      : null;

/**
 * Which task a form save changes: an instance saved as 'whole' changes its definition instead (null
 * when the instance's id names no definition); anything else changes itself.
 */
export function saveTargetId(
  taskId: string,
  kind: RoutineKind | null,
  scope: 'one' | 'whole',
): string | null {
  if (kind === 'instance' && scope === 'whole') return definitionIdOf(taskId);
  return taskId;
}
