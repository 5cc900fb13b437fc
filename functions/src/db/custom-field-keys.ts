/**
 * The table keys of custom-field definitions and values (entities/custom-field.ts) without ElectroDB,
 * for the one read the task update route makes (the Done rule, core/custom-fields/done-check.ts):
 * that route's bundle is at its size budget. A unit test holds these equal to the entities' own keys.
 */
export const definitionKey = (taskId: string) => ({ pk: `cfdef#${taskId}`.toLowerCase(), sk: 'cfdef' });
export const valueKey = (taskId: string, userKey: string) => ({
  pk: `cfval#${taskId}`.toLowerCase(),
  sk: `cfval#${userKey}`.toLowerCase(),
});
/** The userKey of a value entered once for the whole task (dataEntryRequired 1). */
export const TASK_VALUE_KEY = 'task';
