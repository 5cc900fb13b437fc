/**
 * Input bounds (issue 9, finding 3): the one table of maximum lengths for free text, the nesting
 * bound of request bodies, and the field schemas built from them, so the API, the forms and the tests
 * read the same numbers.
 */
import * as z from 'zod';

/** Deepest nesting of arrays and objects a JSON request body may have; deeper bodies get 400. */
export const MAX_JSON_DEPTH = 32;

/** Maximum length, in characters, of every free-text field a person types. */
export const TEXT_LIMITS = {
  taskTitle: 500,
  taskDescription: 20_000,
  /** Spec 000 §9: a group name; a group description is at most 250 characters. */
  groupTitle: 100,
  groupDescription: 250,
  categoryTitle: 100,
  categoryDescription: 250,
  /** A time block's free-text group category (spec 001 §3). */
  groupCategory: 100,
  /** A person's own name for a level or a priority group. */
  ownTitle: 50,
  /** First and last name. */
  personName: 150,
  /** A custom field's or a request type's label (spec 000 §3, 002 §3). */
  label: 120,
  /** The words typed into the task search. */
  search: 200,
} as const;
export type TextField = keyof typeof TEXT_LIMITS;

/** Longest id accepted anywhere (ours are UUIDs or composites of two). */
export const MAX_ID_LENGTH = 128;

/** Characters that show nothing: whitespace, zero-width spaces and joiners, the BOM, the soft hyphen. */
const INVISIBLE = /[\s\u00ad\u180e\u200b-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/gu;

/** Whether a text shows anything once whitespace and zero-width characters are removed. */
export const hasVisibleText = (value: string): boolean => value.replace(INVISIBLE, '').length > 0;

const tooLong = (max: number) => `At most ${max.toLocaleString('en-US')} characters.`;

/** Free text bounded by its entry in TEXT_LIMITS. */
export const boundedText = (field: TextField, message: string = tooLong(TEXT_LIMITS[field])) =>
  z.string().max(TEXT_LIMITS[field], message);

/**
 * A required name or title: trimmed, bounded by TEXT_LIMITS, and refused when it shows nothing
 * (empty once whitespace and zero-width characters are removed).
 */
export const requiredTitle = (field: TextField, messages: { required: string; tooLong?: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(TEXT_LIMITS[field], messages.tooLong ?? tooLong(TEXT_LIMITS[field]))
    .refine(hasVisibleText, messages.required);

export const ID_REQUIRED = 'This id is empty.';

/** An id given by the caller: not blank, not only whitespace, and of a sane length. */
export const idField = (required: string = ID_REQUIRED) =>
  z
    .string({ error: required })
    .max(MAX_ID_LENGTH, 'This id is too long.')
    .refine((v) => v.trim().length > 0, required);
export const entityId = idField();

/** A numeric id in a path (a level, a priority group): digits only, so " " is never read as 0. */
export const numericIdParam = z
  .string({ error: ID_REQUIRED })
  .regex(/^\d{1,6}$/, 'This id must be a whole number.')
  .transform(Number);
