/**
 * Custom fields and values (spec 000 §3, §5 "Custom field", §6, §7 "Custom fields"; issue 14;
 * decisions D49). Keys in db/entities/custom-field.ts and docs/data-model.md.
 *
 * Who may:
 * - read a task's fields and values: anyone who sees the task (404 otherwise);
 * - change the fields: the task's customFields action (403);
 * - enter values: the customValues action, and for anyone but the task's creator (a person it was
 *   delegated to) the definition's allowDelegatedToEdit (403); with values per person
 *   (dataEntryRequired 2) each person writes only their own.
 * A routine instance has no fields of its own: its routine definition's fields apply, and a
 * definition saved on an instance is saved on its routine definition.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreateDefinitionInput,
  type CreateValueInput,
  CUSTOM_FIELD_CODES,
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  type CustomFieldDefinitionView,
  type CustomFieldInput,
  type CustomValueMap,
  type CustomValueView,
  can,
  checkValues,
  DATA_ENTRY,
  type DataEntryRequired,
  normaliseValues,
  ROLES,
  type RoleId,
  type UpdateDefinitionInput,
  type UpdateValueInput,
} from '@tandem/shared';
import { CustomFieldDefinitionEntity, CustomValueEntity } from '../../db/entities/custom-field.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireTaskPermission, type TaskRecord, taskFor } from '../access/task-access.ts';
import { readUser } from '../access/users.ts';

export type DefinitionRecord = StoredItem<typeof CustomFieldDefinitionEntity>;
export type ValueRecord = StoredItem<typeof CustomValueEntity>;

/** The task whose fields apply to `task`: its routine definition for an instance, else itself. */
export const fieldsTaskOf = (task: Pick<TaskRecord, 'taskId' | 'routineTaskId'>) =>
  task.routineTaskId ?? task.taskId;

export async function readDefinition(taskId: string): Promise<DefinitionRecord | null> {
  return (await CustomFieldDefinitionEntity.get({ taskId }).go()).data;
}

const definitionView = (d: DefinitionRecord, role: RoleId): CustomFieldDefinitionView => ({
  id: d.taskId,
  task: d.taskId,
  customField: d.fields,
  dataEntryRequired: d.dataEntryRequired as DataEntryRequired,
  allowDelegatedToEdit: d.allowDelegatedToEdit,
  canEdit: can(role, 'task.customFields'),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt ?? d.createdAt,
});

/** Fields as stored: every field gets an id (kept when sent, so values stay attached). */
const withIds = (fields: CustomFieldInput[]): CustomField[] => {
  const seen = new Set<string>();
  return fields.map((f) => {
    const id = f.id && !seen.has(f.id) ? f.id : randomUUID();
    seen.add(id);
    return { ...f, id };
  });
};

/** The task the caller edits the fields of, with their role on it: 404 unseen, 403 without customFields. */
async function editableFieldsTask(actor: Actor, taskId: string) {
  const seen = await taskFor(actor, taskId);
  const target = fieldsTaskOf(seen.task);
  const access = target === taskId ? seen : await taskFor(actor, target);
  requireTaskPermission(access.role, 'task.customFields');
  return access;
}

/** POST /task/custom/field: the task's fields (one definition per task; a second is a conflict). */
export async function createDefinition(
  actor: Actor,
  input: CreateDefinitionInput,
): Promise<CustomFieldDefinitionView> {
  const { task, role } = await editableFieldsTask(actor, input.task);
  try {
    const d = await CustomFieldDefinitionEntity.create({
      taskId: task.taskId,
      fields: withIds(input.customField),
      dataEntryRequired: input.dataEntryRequired,
      allowDelegatedToEdit: input.allowDelegatedToEdit,
      createdBy: actor.userId,
    }).go();
    return definitionView(d.data, role);
  } catch (e) {
    if (isConditionFailed(e)) throw new ConflictError(CUSTOM_FIELD_MESSAGES.definitionExists);
    throw e;
  }
}

/** The same write for a custom-field template applied to a task: replaces what the task had. */
export async function putDefinition(
  actor: Actor,
  taskId: string,
  d: { fields: CustomField[]; dataEntryRequired: number; allowDelegatedToEdit: boolean },
): Promise<CustomFieldDefinitionView> {
  const { task, role } = await editableFieldsTask(actor, taskId);
  const r = await CustomFieldDefinitionEntity.put({
    taskId: task.taskId,
    fields: d.fields,
    dataEntryRequired: d.dataEntryRequired,
    allowDelegatedToEdit: d.allowDelegatedToEdit,
    createdBy: actor.userId,
  }).go();
  return definitionView(r.data, role);
}

/** PATCH /task/custom/field/{id} (the id is the task's). */
export async function updateDefinition(
  actor: Actor,
  id: string,
  input: UpdateDefinitionInput,
): Promise<CustomFieldDefinitionView> {
  const { task, role } = await editableFieldsTask(actor, id);
  const current = await readDefinition(task.taskId);
  if (!current) throw new NotFoundError();
  const r = await CustomFieldDefinitionEntity.patch({ taskId: task.taskId })
    .set({
      ...(input.customField ? { fields: withIds(input.customField) } : {}),
      ...(input.dataEntryRequired !== undefined ? { dataEntryRequired: input.dataEntryRequired } : {}),
      ...(input.allowDelegatedToEdit !== undefined
        ? { allowDelegatedToEdit: input.allowDelegatedToEdit }
        : {}),
    })
    .go({ response: 'all_new' });
  return definitionView(r.data, role);
}

/** GET /task/custom/field/{id} and /task/custom/field/search/{taskId}: the fields that apply to a task. */
export async function definitionOf(actor: Actor, taskId: string): Promise<CustomFieldDefinitionView | null> {
  const { task, role } = await taskFor(actor, taskId);
  const d = await readDefinition(fieldsTaskOf(task));
  return d ? definitionView(d, role) : null;
}
export async function getDefinition(actor: Actor, id: string): Promise<CustomFieldDefinitionView> {
  const d = await definitionOf(actor, id);
  if (!d) throw new NotFoundError();
  return d;
}

// ——— Values ———

const VALUE_ID_SEPARATOR = '~';
export const valueIdOf = (v: Pick<ValueRecord, 'taskId' | 'userKey'>) =>
  `${v.taskId}${VALUE_ID_SEPARATOR}${v.userKey}`;
function parseValueId(id: string): { taskId: string; userKey: string } {
  const at = id.lastIndexOf(VALUE_ID_SEPARATOR);
  if (at <= 0 || at === id.length - 1) throw new NotFoundError();
  return { taskId: id.slice(0, at), userKey: id.slice(at + 1) };
}
const TASK_KEY = 'task';

const valueView = (v: ValueRecord): CustomValueView => ({
  id: valueIdOf(v),
  customField: v.routineTaskId,
  task: v.taskId,
  routineTask: v.routineTaskId,
  user: v.userId,
  userName: v.userName,
  customValue: v.values,
  actionDate: v.actionDate,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt ?? v.createdAt,
});

/** The person's name as the task knows it, else as their record says (a group member). */
async function nameIn(task: TaskRecord, userId: string): Promise<string> {
  const known = task.assignees[userId]?.name ?? (task.createdBy === userId ? task.creatorName : '');
  if (known) return known;
  const u = await readUser(userId);
  return u ? `${u.firstName} ${u.lastName}`.trim() : '';
}

/** May the caller enter values on this task under this definition (403 when not)? */
function requireValueWrite(role: RoleId, d: DefinitionRecord) {
  requireTaskPermission(role, 'task.customValues');
  if (role !== ROLES.creator && !d.allowDelegatedToEdit) throw new ForbiddenError('customValue');
}

/** The values checked against the definition (the shared checker): 400 with the field's message. */
function checked(d: DefinitionRecord, raw: CustomValueMap): CustomValueMap {
  const values = normaliseValues(raw);
  const errors = checkValues(d.fields, values);
  const first = Object.values(errors)[0];
  if (first) {
    const missing = d.fields.some((f) => errors[f.id] === CUSTOM_FIELD_MESSAGES.required(f.label));
    throw new ValidationError(errors, first, missing ? CUSTOM_FIELD_CODES.required : undefined);
  }
  return values;
}

/** POST /task/custom/value: the values of one task, one per task or one per person. */
export async function createValue(
  actor: Actor,
  input: CreateValueInput,
  now = new Date(),
): Promise<CustomValueView> {
  const { task, role } = await taskFor(actor, input.task);
  const d = await readDefinition(fieldsTaskOf(task));
  if (!d) throw new ValidationError({ task: 'This task has no custom fields.' });
  requireValueWrite(role, d);
  const values = checked(d, input.customValue);
  try {
    const r = await CustomValueEntity.create({
      taskId: task.taskId,
      userKey: d.dataEntryRequired === DATA_ENTRY.perUser ? actor.userId : TASK_KEY,
      routineTaskId: d.taskId,
      actionDate: task.routineDay ?? now.toISOString().slice(0, 10),
      userId: actor.userId,
      userName: await nameIn(task, actor.userId),
      taskTitle: task.title,
      values,
    }).go();
    return valueView(r.data);
  } catch (e) {
    if (isConditionFailed(e)) throw new ConflictError(CUSTOM_FIELD_MESSAGES.valueExists);
    throw e;
  }
}

/** The value of this id, when the caller sees its task. */
async function readableValue(actor: Actor, id: string) {
  const key = parseValueId(id);
  const access = await taskFor(actor, key.taskId);
  const v = (await CustomValueEntity.get(key).go()).data;
  if (!v) throw new NotFoundError();
  return { ...access, value: v };
}

export async function getValue(actor: Actor, id: string): Promise<CustomValueView> {
  return valueView((await readableValue(actor, id)).value);
}

/** PATCH /task/custom/value/{id}: new values (all of them, checked again). */
export async function updateValue(
  actor: Actor,
  id: string,
  input: UpdateValueInput,
): Promise<CustomValueView> {
  const { task, role, value } = await readableValue(actor, id);
  const d = await readDefinition(value.routineTaskId);
  if (!d) throw new NotFoundError();
  requireValueWrite(role, d);
  if (value.userKey !== TASK_KEY && value.userKey !== actor.userId) throw new ForbiddenError('customValue');
  const values = checked(d, input.customValue);
  const r = await CustomValueEntity.patch({ taskId: value.taskId, userKey: value.userKey })
    .set({ values, userId: actor.userId, userName: await nameIn(task, actor.userId) })
    .go({ response: 'all_new' });
  return valueView(r.data);
}

/** The most values one search answers (a routine's: about three years of daily values). */
export const MAX_VALUES_READ = 1100;

/**
 * GET /task/custom/value/search?task&user: a task's values (one Query on its partition), or one
 * person's. A routine definition has no values of its own: its instances' are answered, newest
 * first, at most MAX_VALUES_READ (one Query on gsi1).
 */
export async function searchValues(
  actor: Actor,
  taskId: string,
  userId?: string,
): Promise<CustomValueView[]> {
  await taskFor(actor, taskId);
  const own = (await CustomValueEntity.query.byTask({ taskId }).go({ pages: 'all' })).data;
  const all =
    own.length > 0
      ? own
      : (
          await CustomValueEntity.query
            .byDefinition({ routineTaskId: taskId })
            .go({ count: MAX_VALUES_READ, order: 'desc' })
        ).data;
  return all.filter((v) => !userId || v.userId === userId || v.userKey === userId).map(valueView);
}

/** A deleted task's definition and values (the stream consumer, streams/custom-field-cleanup.ts). */
export async function removeTaskCustomFields(taskId: string): Promise<void> {
  const values = (await CustomValueEntity.query.byTask({ taskId }).go({ pages: 'all' })).data;
  if (values.length > 0)
    await CustomValueEntity.delete(values.map((v) => ({ taskId: v.taskId, userKey: v.userKey }))).go();
  await CustomFieldDefinitionEntity.delete({ taskId }).go();
}
