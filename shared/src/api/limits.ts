/**
 * Input bounds (issue 9, finding 3): the one table of maximum lengths for free text, the nesting
 * bound of request bodies, and the field schemas built from them, so the API, the forms and the tests
 * read the same numbers.
 */
import * as z from 'zod/mini';
import { enCount, hasVisibleText, MAX_ID_LENGTH, TEXT_LIMITS, type TextField } from './limit-values.ts';

export * from './limit-values.ts';

const tooLong = (max: number) => `At most ${enCount(max)} characters.`;

/** Free text bounded by its entry in TEXT_LIMITS. */
export const boundedText = (field: TextField, message: string = tooLong(TEXT_LIMITS[field])) =>
  z.string().check(z.maxLength(TEXT_LIMITS[field], message));

/**
 * A required name or title: trimmed, bounded by TEXT_LIMITS, and refused when it shows nothing
 * (empty once whitespace and zero-width characters are removed).
 */
export const requiredTitle = (field: TextField, messages: { required: string; tooLong?: string }) =>
  z
    .string({ error: messages.required })
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(TEXT_LIMITS[field], messages.tooLong ?? tooLong(TEXT_LIMITS[field])),
      z.refine(hasVisibleText, messages.required),
    );

export const ID_REQUIRED = 'This id is empty.';

/** An id given by the caller: not blank, not only whitespace, and of a sane length. */
export const idField = (required: string = ID_REQUIRED) =>
  z.string({ error: required }).check(
    z.maxLength(MAX_ID_LENGTH, 'This id is too long.'),
    z.refine((v) => v.trim().length > 0, required),
  );
export const entityId = idField();

/** A numeric id in a path (a level, a priority group): digits only, so " " is never read as 0. */
export const numericIdParam = z.pipe(
  z.string({ error: ID_REQUIRED }).check(z.regex(/^\d{1,6}$/, 'This id must be a whole number.')),
  z.transform(Number),
);
