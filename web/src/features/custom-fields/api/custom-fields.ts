/**
 * The custom-field calls (spec 000 §7 "Custom fields"; spec 002 §7; docs/api/custom-fields.md): the
 * fields that apply to a task, its values, and custom-field templates.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { CustomField, CustomValueMap, DataEntryRequired } from '@tandem/shared/custom-fields/rules';
import type {
  CustomFieldDefinitionView,
  CustomFieldTemplateView,
  CustomValueView,
} from '@tandem/shared/custom-fields/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export const definitionKey = (taskId: string) => ['customFields', taskId] as const;
export const valuesKey = (taskId: string) => ['customValues', taskId] as const;

/** The fields that apply to a task (a routine instance's are its definition's); null when none. */
export const useDefinition = (taskId: string | null) =>
  useSWR(taskId ? definitionKey(taskId) : null, () =>
    api<{ results: CustomFieldDefinitionView[] }>(routes.searchCustomFields, {
      params: { taskId: taskId! },
    }).then((r) => r.results[0] ?? null),
  );

/** A task's values (a routine definition's: its instances'). */
export const useValues = (taskId: string | null) =>
  useSWR(taskId ? valuesKey(taskId) : null, () =>
    api<{ results: CustomValueView[] }>(routes.searchCustomValues, { query: { task: taskId! } }).then(
      (r) => r.results,
    ),
  );

export interface DefinitionDraft {
  customField: Array<Omit<CustomField, 'id'> & { id?: string }>;
  dataEntryRequired: DataEntryRequired;
  allowDelegatedToEdit: boolean;
}

export async function saveDefinition(
  taskId: string,
  existing: CustomFieldDefinitionView | null,
  draft: DefinitionDraft,
) {
  const d = existing
    ? await api<CustomFieldDefinitionView>(routes.updateCustomFields, { body: { id: existing.id, ...draft } })
    : await api<CustomFieldDefinitionView>(routes.createCustomFields, { body: { task: taskId, ...draft } });
  await mutate(definitionKey(taskId), d, { revalidate: false });
  return d;
}

export async function saveValues(
  taskId: string,
  existing: CustomValueView | null,
  customValue: CustomValueMap,
) {
  const v = existing
    ? await api<CustomValueView>(routes.updateCustomValue, { body: { id: existing.id, customValue } })
    : await api<CustomValueView>(routes.createCustomValue, { body: { task: taskId, customValue } });
  await mutate(valuesKey(taskId));
  return v;
}

export const useFieldTemplates = (enabled: boolean) =>
  useSWR(enabled ? ['customFieldTemplates'] : null, () =>
    api<{ results: CustomFieldTemplateView[] }>(routes.listCustomFieldTemplates).then((r) => r.results),
  );

export async function saveFieldTemplate(taskId: string, title: string) {
  const t = await api<CustomFieldTemplateView>(routes.createCustomFieldTemplate, {
    body: { task: taskId, title },
  });
  await mutate(['customFieldTemplates']);
  return t;
}

export async function applyFieldTemplate(templateId: string, taskId: string) {
  const d = await api<CustomFieldDefinitionView>(routes.applyCustomFieldTemplate, {
    params: { id: templateId },
    body: { task: taskId },
  });
  await mutate(definitionKey(taskId), d, { revalidate: false });
  return d;
}
