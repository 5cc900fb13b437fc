/**
 * The Done rule of custom fields (spec 000 §4, §5), on its own so the task update route carries only
 * this. It costs no round trip of its own: when a PATCH asks for Done, the items it needs — the
 * fields of the task and of the routine its id names, the task's value and the caller's — are read
 * in the update's first BatchGetItem (`doneCheckItems`), by the keys of db/custom-field-keys.ts (no
 * entity: that route's bundle is at its budget); `requireCustomValuesForDone` then decides.
 */
import { CUSTOM_FIELD_DONE_BLOCKED, requiredFieldMessage } from '@tandem/shared';
import { type ItemRequest, item } from '../../db/batch-get.ts';
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
type Read = Fields | Values | null;

/** A routine instance's id is `<definitionId>~<YYYY-MM-DD>` (docs/data-model.md). */
const routineOf = (taskId: string) => /^(.+)~\d{4}-\d{2}-\d{2}$/.exec(taskId)?.[1];

/** What the check reads, in this order: the task's fields, its routine's, its value, the caller's. */
export function doneCheckItems(actor: Actor, taskId: string): ItemRequest<Read>[] {
  return [
    item<Read>(raw, definitionKey(taskId)),
    item<Read>(raw, definitionKey(routineOf(taskId) ?? taskId)),
    item<Read>(raw, valueKey(taskId, TASK_VALUE_KEY)),
    item<Read>(raw, valueKey(taskId, actor.userId)),
  ];
}

/**
 * A task whose fields have required ones cannot become Done while the caller's value (values per
 * person) or the task's value (per task) leaves one empty: 400 task-form.custom-field-completed,
 * naming the labels. `read` is what doneCheckItems asked for.
 */
export function requireCustomValuesForDone(task: TaskRecord, read: readonly Read[]): void {
  const d = (task.routineTaskId ? read[1] : read[0]) as Fields | null;
  const v = (d?.dataEntryRequired === 2 ? read[3] : read[2]) as Values | null;
  const values = v?.values ?? {};
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
