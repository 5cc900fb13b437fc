/**
 * Custom fields (spec 000 §3 Custom field definition and Custom value, §5 "Custom field", §9
 * maxChar; spec 002 §3, §5 custom-field templates). The one value checker lives here: the server
 * checks every value it stores with it and the form shows the same messages before sending. Plain
 * functions, no schema library, so the task update route can carry the Done check cheaply.
 */

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'time', 'list'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** maxChar bounds and defaults (spec 000 §9): 1 to 999; text 120, number 6, the others 10. */
export const MIN_MAX_CHAR = 1;
export const MAX_MAX_CHAR = 999;
export const DEFAULT_MAX_CHAR: Record<CustomFieldType, number> = {
  text: 120,
  number: 6,
  date: 10,
  time: 10,
  list: 10,
};
/** Ours: how many fields one definition holds, and how many options one list field. */
export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;
export const MAX_LABEL_LENGTH = 100;
export const MAX_FIELD_DESCRIPTION_LENGTH = 500;

/** dataEntryRequired: 1 one value for the task, 2 one value per person. */
export const DATA_ENTRY = { perTask: 1, perUser: 2 } as const;
export type DataEntryRequired = (typeof DATA_ENTRY)[keyof typeof DATA_ENTRY];

export interface CustomField {
  id: string;
  type: CustomFieldType;
  label: string;
  description: string;
  maxChar: number;
  isRequired: boolean;
  /** List values joined by '|' (list fields only; '' otherwise). */
  options: string;
}

/** A stored value: field id → what was entered ('' or absent when nothing was). */
export type CustomValueMap = Record<string, string>;

/** Refused Done (spec 000 §4): apart from the other messages, so the task update route carries only it. */
export const CUSTOM_FIELD_DONE_BLOCKED = 'Fill in the required custom fields before marking this task Done.';

/** task-form.custom-field-required: a required field left empty, by its label. */
export const requiredFieldMessage = (label: string) => `${label} is required.`;

export const CUSTOM_FIELD_MESSAGES = {
  labelRequired: 'Give the field a label.',
  required: requiredFieldMessage,
  notNumber: (label: string) => `${label} must be a number.`,
  notDate: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  notTime: (label: string) => `${label} must be a time (HH:mm).`,
  notInList: (label: string) => `${label} must be one of its options.`,
  tooLong: (label: string, max: number) => `${label} has at most ${max} characters.`,
  noOptions: 'A list field needs at least one option.',
  unknownField: 'This field is not part of the task’s custom fields.',
  doneBlocked: CUSTOM_FIELD_DONE_BLOCKED,
  definitionExists: 'This task already has custom fields.',
  valueExists: 'This value has already been entered; change it instead.',
  saved: 'Custom fields saved.',
  valuesSaved: 'Custom data saved.',
} as const;

/** The spec's catalogue keys (spec 000 §5): the form shows them, the API answers them as `code`. */
export const CUSTOM_FIELD_CODES = {
  completed: 'task-form.custom-field-completed',
  required: 'task-form.custom-field-required',
} as const;

/** A list field's options: split on '|', trimmed, blanks and repeats dropped. */
export function optionsOf(options: string): string[] {
  return [
    ...new Set(
      options
        .split('|')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ];
}
export const joinOptions = (options: readonly string[]): string =>
  optionsOf(options.map((o) => o.replaceAll('|', ' ')).join('|')).join('|');

export const defaultMaxChar = (type: CustomFieldType): number => DEFAULT_MAX_CHAR[type];

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The one value check (spec 000 §5): null when `raw` may be stored in `field`, else the message.
 * An empty value is refused only when the field is required and `requireFilled` is set (saving a
 * value form, or marking Done); the form may keep a required field empty while it is being filled.
 */
export function checkValue(field: CustomField, raw: string | undefined, requireFilled = true): string | null {
  const value = (raw ?? '').trim();
  if (value === '')
    return field.isRequired && requireFilled ? CUSTOM_FIELD_MESSAGES.required(field.label) : null;
  if (value.length > field.maxChar) return CUSTOM_FIELD_MESSAGES.tooLong(field.label, field.maxChar);
  switch (field.type) {
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value))
        ? null
        : CUSTOM_FIELD_MESSAGES.notNumber(field.label);
    case 'date':
      return isRealDate(value) ? null : CUSTOM_FIELD_MESSAGES.notDate(field.label);
    case 'time':
      return TIME.test(value) ? null : CUSTOM_FIELD_MESSAGES.notTime(field.label);
    case 'list':
      return optionsOf(field.options).includes(value) ? null : CUSTOM_FIELD_MESSAGES.notInList(field.label);
    default:
      return null;
  }
}

/**
 * Every field's check over a value map: field id → message, empty when all pass. Keys of the map
 * that name no field are refused too (a value for a field that was removed is not stored).
 */
export function checkValues(
  fields: readonly CustomField[],
  values: CustomValueMap,
  requireFilled = true,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const ids = new Set(fields.map((f) => f.id));
  for (const key of Object.keys(values)) if (!ids.has(key)) errors[key] = CUSTOM_FIELD_MESSAGES.unknownField;
  for (const f of fields) {
    const e = checkValue(f, values[f.id], requireFilled);
    if (e) errors[f.id] = e;
  }
  return errors;
}

/** The labels of the required fields that `values` leaves empty (the Done rule). */
export function missingRequired(
  fields: readonly CustomField[],
  values: CustomValueMap | undefined,
): string[] {
  return fields.filter((f) => f.isRequired && !(values?.[f.id] ?? '').trim()).map((f) => f.label);
}

/** Values as stored: trimmed, empty ones dropped. */
export function normaliseValues(values: CustomValueMap): CustomValueMap {
  const out: CustomValueMap = {};
  for (const [k, v] of Object.entries(values)) {
    const t = v.trim();
    if (t) out[k] = t;
  }
  return out;
}

/** A field's problem as a definition (spec 000 §5): a blank label, a list without options, a bad maxChar. */
export function checkField(
  field: Pick<CustomField, 'type' | 'label' | 'maxChar' | 'options'>,
): string | null {
  if (!field.label.trim()) return CUSTOM_FIELD_MESSAGES.labelRequired;
  if (!Number.isInteger(field.maxChar) || field.maxChar < MIN_MAX_CHAR || field.maxChar > MAX_MAX_CHAR)
    return `maxChar is ${MIN_MAX_CHAR} to ${MAX_MAX_CHAR}.`;
  if (field.type === 'list' && optionsOf(field.options).length === 0) return CUSTOM_FIELD_MESSAGES.noOptions;
  return null;
}

/** A number shown with one decimal (spec 002 §9, the template report); other values as they are. */
export function reportValue(field: Pick<CustomField, 'type'>, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  if (field.type !== 'number') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(1) : value;
}
