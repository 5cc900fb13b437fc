/** Field drafts of the definitions editor: what the form holds, and how it compares and checks. */
import {
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  type CustomFieldType,
  checkField,
  checkValue,
  defaultMaxChar,
  optionsOf,
} from '@tandem/shared/custom-fields/rules';

export interface FieldDraft {
  /** The stored id (kept so values stay attached), or a key of the editor's for a new field. */
  id: string;
  isNew: boolean;
  type: CustomFieldType;
  label: string;
  description: string;
  maxChar: number;
  isRequired: boolean;
  options: string[];
}

let next = 0;
export const newDraft = (type: CustomFieldType = 'text'): FieldDraft => ({
  id: `new-${++next}`,
  isNew: true,
  type,
  label: '',
  description: '',
  maxChar: defaultMaxChar(type),
  isRequired: false,
  options: [],
});

export const draftOf = (f: CustomField): FieldDraft => ({
  id: f.id,
  isNew: false,
  type: f.type,
  label: f.label,
  description: f.description,
  maxChar: f.maxChar,
  isRequired: f.isRequired,
  options: optionsOf(f.options),
});

/** The field as sent: a new field has no id (the server gives it one). */
export const fieldOf = (d: FieldDraft) => ({
  ...(d.isNew ? {} : { id: d.id }),
  type: d.type,
  label: d.label.trim(),
  description: d.description.trim(),
  maxChar: d.maxChar,
  isRequired: d.isRequired,
  options: d.type === 'list' ? d.options.join('|') : '',
});

/** The draft's problem, as a message key of tasks.customFields (the server refuses the same). */
export function draftProblem(d: FieldDraft): 'labelRequired' | 'noOptions' | null {
  const p = checkField({ type: d.type, label: d.label, maxChar: d.maxChar, options: d.options.join('|') });
  if (p === CUSTOM_FIELD_MESSAGES.labelRequired) return 'labelRequired';
  if (p === CUSTOM_FIELD_MESSAGES.noOptions) return 'noOptions';
  return null;
}

/**
 * A value's problem for the values form: the shared checker's message, or for an empty required
 * field the spec's task-form.custom-field-required naming the label (`required`).
 */
export function valueProblem(
  field: CustomField,
  value: string,
  required: (label: string) => string,
): string | null {
  const p = checkValue(field, value);
  if (p === CUSTOM_FIELD_MESSAGES.required(field.label)) return required(field.label);
  return p;
}
