/** The custom-field calls' input (spec 000 §7 "Custom fields"; spec 002 §7), apart from the rules. */
import * as z from 'zod/mini';
import { entityId } from '../api/limits.ts';
import {
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  checkField,
  DATA_ENTRY,
  defaultMaxChar,
  joinOptions,
  MAX_FIELD_DESCRIPTION_LENGTH,
  MAX_FIELDS,
  MAX_LABEL_LENGTH,
  MAX_MAX_CHAR,
  MAX_OPTIONS,
  MIN_MAX_CHAR,
  optionsOf,
} from './rules.ts';

const trimmed = (max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.trim()),
    ),
    z.string().check(z.maxLength(max, message)),
  );

/** One field as sent: the id is kept when given (an edit), made by the server when not. */
export const customFieldInput = z.pipe(
  z.object({
    id: z.optional(
      z.string().check(z.regex(/^[0-9a-z-]{1,40}$/, 'A field id is lower-case letters and digits.')),
    ),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: 'Type is text, number, date, time or list.' }),
    label: trimmed(MAX_LABEL_LENGTH, `A label has at most ${MAX_LABEL_LENGTH} characters.`).check(
      z.minLength(1, CUSTOM_FIELD_MESSAGES.labelRequired),
    ),
    description: z._default(
      trimmed(
        MAX_FIELD_DESCRIPTION_LENGTH,
        `A description has at most ${MAX_FIELD_DESCRIPTION_LENGTH} characters.`,
      ),
      '',
    ),
    maxChar: z.optional(
      z
        .number()
        .check(
          z.int(),
          z.gte(MIN_MAX_CHAR),
          z.lte(MAX_MAX_CHAR, `maxChar is ${MIN_MAX_CHAR} to ${MAX_MAX_CHAR}.`),
        ),
    ),
    isRequired: z._default(z.boolean(), false),
    options: z._default(
      z.union([
        z.string().check(z.maxLength(5000)),
        z.array(z.string().check(z.maxLength(200))).check(z.maxLength(MAX_OPTIONS)),
      ]),
      '',
    ),
  }),
  z.transform((f): Omit<CustomField, 'id'> & { id?: string } => ({
    ...(f.id ? { id: f.id } : {}),
    type: f.type,
    label: f.label,
    description: f.description,
    maxChar: f.maxChar ?? defaultMaxChar(f.type),
    isRequired: f.isRequired,
    options:
      f.type === 'list' ? joinOptions(Array.isArray(f.options) ? f.options : optionsOf(f.options)) : '',
  })),
);
export type CustomFieldInput = z.infer<typeof customFieldInput>;

const fieldList = z.array(customFieldInput).check(
  z.maxLength(MAX_FIELDS, `At most ${MAX_FIELDS} fields.`),
  z.superRefine((fields, ctx) => {
    fields.forEach((f, i) => {
      const problem = checkField(f);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [i] });
    });
  }),
);

const dataEntry = z.union([z.literal(DATA_ENTRY.perTask), z.literal(DATA_ENTRY.perUser)], {
  error: 'dataEntryRequired is 1 (per task) or 2 (per person).',
});

/** POST /task/custom/field: a task's (or routine definition's) fields. */
export const createDefinitionInput = z.strictObject({
  task: entityId,
  customField: fieldList,
  dataEntryRequired: z._default(dataEntry, DATA_ENTRY.perTask),
  allowDelegatedToEdit: z._default(z.boolean(), false),
});
export type CreateDefinitionInput = z.infer<typeof createDefinitionInput>;

/** PATCH /task/custom/field/{id}: what changes. */
export const updateDefinitionInput = z.strictObject({
  /** The definition's id (its task's id): PATCH /task/custom/field names it in the body (spec 000 §7). */
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  customField: z.optional(fieldList),
  dataEntryRequired: z.optional(dataEntry),
  allowDelegatedToEdit: z.optional(z.boolean()),
});
export type UpdateDefinitionInput = z.infer<typeof updateDefinitionInput>;

const valueMap = z
  .record(
    z.string().check(z.regex(/^[0-9a-z-]{1,40}$/, 'A field id is lower-case letters and digits.')),
    z.string().check(z.maxLength(MAX_MAX_CHAR * 2)),
  )
  .check(z.refine((m) => Object.keys(m).length <= MAX_FIELDS, `At most ${MAX_FIELDS} values.`));

/** POST /task/custom/value: the values of one task (a routine instance, or the task itself). */
export const createValueInput = z.strictObject({
  task: entityId,
  customValue: valueMap,
});
export type CreateValueInput = z.infer<typeof createValueInput>;

/** PATCH /task/custom/value/{id}. */
/** PATCH /task/custom/value: the value's id in the body (spec 000 §7), and the values again. */
export const updateValueInput = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  customValue: valueMap,
});
export type UpdateValueInput = z.infer<typeof updateValueInput>;

/** GET /task/custom/value/search?task&user. */
export const searchValuesQuery = z.object({
  task: entityId,
  user: z.optional(entityId),
});

/** POST /task/template/custom-field: a task's fields kept as a template. */
export const createFieldTemplateInput = z.strictObject({
  task: entityId,
  title: trimmed(100, 'A title has at most 100 characters.').check(
    z.minLength(1, 'Give the template a name.'),
  ),
});
/** POST /task/template/custom-field/{id}/apply: the template's fields onto a task. */
export const applyFieldTemplateInput = z.strictObject({ task: entityId });
