/**
 * The Done rule of custom fields (spec 000 §4, §5), on its own so the task update route carries only
 * this: one BatchGetItem (the fields, the task's value and the caller's), only when a task becomes
 * Done, by the keys of db/custom-field-keys.ts (no entity: that route's bundle is at its budget).
 */
import { CUSTOM_FIELD_DONE_BLOCKED, requiredFieldMessage } from '@tandem/shared';
import { getItems, item } from '../../db/batch-get.ts';
import { definitionKey, TASK_VALUE_KEY, valueKey } from '../../db/custom-field-keys.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { TaskRecord } from '../access/task-access.ts';

/** The raw item under a raw key, for getItems. */
const raw = {
  get: (Key: never) => ({ params: () => ({ Key }) }),
  parse: ({ Item }: { Item: object }) => ({ data: Item }),
};
type Fields = {
  fields: Array<{ id: string; label: string; isRequired: boolean }>;
  dataEntryRequired: number;
};
type Values = { values: Record<string, string> };

/**
 * A task whose fields have required ones cannot become Done while the caller's value (values per
 * person) or the task's value (per task) leaves one empty: 400 task-form.custom-field-completed,
 * naming the labels.
 */
export async function requireCustomValuesForDone(actor: Actor, task: TaskRecord): Promise<void> {
  const [d, perTask, mine] = await getItems([
    item<Fields>(raw, definitionKey(task.routineTaskId ?? task.taskId)),
    item<Values>(raw, valueKey(task.taskId, TASK_VALUE_KEY)),
    item<Values>(raw, valueKey(task.taskId, actor.userId)),
  ] as const);
  const values = (d?.dataEntryRequired === 2 ? mine : perTask)?.values ?? {};
  const missing = (d?.fields ?? []).filter((f) => f.isRequired && !values[f.id]?.trim()).map((f) => f.label);
  if (missing.length > 0) {
    throw new ValidationError(
      // The status field names the first label (task-form.custom-field-required); all are listed.
      { status: requiredFieldMessage(missing[0]!), customFields: missing.join(', ') },
      CUSTOM_FIELD_DONE_BLOCKED,
      'task-form.custom-field-completed',
    );
  }
}
