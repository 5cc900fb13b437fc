/**
 * Custom-field templates (spec 002 §3 Custom-field template, §5, §7 `GET /task/template/custom-field`;
 * decisions D49): a person's saved copy of a task's fields, listed by one Query on their own items,
 * and applied to a task as its definition (which needs the customFields action there). Where the
 * templates sit in folders under groups belongs to the task-template work of the planning issue.
 */
import { randomUUID } from 'node:crypto';
import type { CustomFieldDefinitionView, CustomFieldTemplateView, DataEntryRequired } from '@tandem/shared';
import { CustomFieldTemplateEntity } from '../../db/entities/custom-field.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { taskFor } from '../access/task-access.ts';
import { fieldsTaskOf, putDefinition, readDefinition } from './custom-fields.ts';

type TemplateRecord = StoredItem<typeof CustomFieldTemplateEntity>;

const view = (t: TemplateRecord): CustomFieldTemplateView => ({
  id: t.templateId,
  title: t.title,
  type: 'custom_field',
  customField: t.fields,
  dataEntryRequired: t.dataEntryRequired as DataEntryRequired,
  allowDelegatedToEdit: t.allowDelegatedToEdit,
  createdAt: t.createdAt,
});

/** GET /task/template/custom-field: the caller's templates, newest first. */
export async function listFieldTemplates(actor: Actor): Promise<CustomFieldTemplateView[]> {
  const r = await CustomFieldTemplateEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  return r.data.map(view).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** POST /task/template/custom-field: the fields of a task the caller sees, kept as a template. */
export async function saveFieldTemplate(
  actor: Actor,
  input: { task: string; title: string },
): Promise<CustomFieldTemplateView> {
  const { task } = await taskFor(actor, input.task);
  const d = await readDefinition(fieldsTaskOf(task));
  if (!d || d.fields.length === 0) throw new ValidationError({ task: 'This task has no custom fields.' });
  const r = await CustomFieldTemplateEntity.create({
    userId: actor.userId,
    templateId: randomUUID(),
    title: input.title,
    fields: d.fields,
    dataEntryRequired: d.dataEntryRequired,
    allowDelegatedToEdit: d.allowDelegatedToEdit,
  }).go();
  return view(r.data);
}

/** POST /task/template/custom-field/{id}/apply: the template's fields become the task's. */
export async function applyFieldTemplate(
  actor: Actor,
  templateId: string,
  input: { task: string },
): Promise<CustomFieldDefinitionView> {
  const t = (await CustomFieldTemplateEntity.get({ userId: actor.userId, templateId }).go()).data;
  if (!t) throw new NotFoundError();
  // Fresh field ids: values entered under another task's fields never match these by accident.
  const fields = t.fields.map((f) => ({ ...f, id: randomUUID() }));
  return putDefinition(actor, input.task, {
    fields,
    dataEntryRequired: t.dataEntryRequired,
    allowDelegatedToEdit: t.allowDelegatedToEdit,
  });
}
