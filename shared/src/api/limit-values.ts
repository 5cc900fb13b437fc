/**
 * The input bounds as plain numbers (issue 9, finding 3), with no schema library: code on the web
 * app's start-up path (the API client's case conversion) reads them without loading zod. limits.ts
 * re-exports them with the field schemas built from them.
 */
/**
 * A whole number as en-US writes it ("20,000"), without Intl: a module's first `toLocaleString` loads
 * ICU's number data, about 11 ms of CPU, and the schemas below word their messages when a module is
 * loaded, so every Lambda paid it on a cold start (docs/decisions.md D78). Exactly
 * `n.toLocaleString('en-US')` for every safe integer (shared/test/limits.test.ts); anything else
 * still goes to Intl.
 */
export const enCount = (n: number): string =>
  Number.isSafeInteger(n)
    ? `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`
    : n.toLocaleString('en-US');

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
