/**
 * The API speaks snake_case on the wire and camelCase inside (ARCHITECTURE §5).
 * Both the server edge and the web client convert with these two functions, so the
 * rules (which keys move, which stay) live in one place.
 *
 * Keys of plain objects are converted recursively; values are left alone. Keys that
 * are not identifiers (ids used as map keys, e.g. custom values keyed by field id)
 * contain no letters to move, so they pass through unchanged.
 *
 * Nesting is bounded (MAX_JSON_DEPTH): a deeper value throws JsonTooDeepError instead of running the
 * stack out, so the edge can answer 400 (issue 9, finding 3).
 */
import { MAX_JSON_DEPTH } from './limit-values.ts';

type Json = unknown;

/** A value nested deeper than MAX_JSON_DEPTH arrays and objects. */
export class JsonTooDeepError extends Error {
  constructor() {
    super(`Nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

export const snakeToCamelKey = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

export const camelToSnakeKey = (key: string): string =>
  key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const mapKeys = (value: Json, fn: (k: string) => string, depth = 0): Json => {
  const array = Array.isArray(value);
  if (!array && !isPlainObject(value)) return value;
  if (depth >= MAX_JSON_DEPTH) throw new JsonTooDeepError();
  if (array) return value.map((v) => mapKeys(v, fn, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[fn(k)] = mapKeys(v, fn, depth + 1);
  return out;
};

export const toCamel = <T = unknown>(value: Json): T => mapKeys(value, snakeToCamelKey) as T;
export const toSnake = <T = unknown>(value: Json): T => mapKeys(value, camelToSnakeKey) as T;
