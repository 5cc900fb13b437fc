/**
 * Partial updates (every PATCH route): one rule for what a PATCH body means, and one way to see
 * which fields it really changes.
 *
 * - An absent field is unchanged. A create schema's defaults must never fill a PATCH body, so
 *   `patchOf` builds the PATCH schema from the create shape with every default removed.
 * - Nested objects merge field by field (`mergePatch`); arrays and other values are replaced whole.
 * - An explicit null clears the field, where its schema allows null (elsewhere null is refused).
 * - Permissions are checked only for fields that are present and actually change (`changedFields`).
 */
import * as z from 'zod/mini';

type Bare<T extends z.ZodMiniType> =
  T extends z.ZodMiniDefault<infer I> ? I : T extends z.ZodMiniPrefault<infer I> ? I : T;
type PatchField<T extends z.ZodMiniType> =
  Bare<T> extends z.ZodMiniObject<infer S extends z.core.$ZodShape>
    ? z.ZodMiniOptional<PatchObject<S>>
    : z.ZodMiniOptional<Bare<T>>;
export type PatchObject<S extends z.core.$ZodShape> = z.ZodMiniObject<
  { -readonly [K in keyof S]: PatchField<S[K] & z.ZodMiniType> },
  z.core.$strict
>;

const bare = (s: z.ZodMiniType): z.ZodMiniType =>
  s instanceof z.ZodMiniDefault || s instanceof z.ZodMiniPrefault
    ? bare(s.def.innerType as z.ZodMiniType)
    : s;

/**
 * The PATCH schema of an object schema: every field optional with its default removed, and nested
 * objects PATCH schemas themselves. Unknown fields stay refused.
 */
export function patchOf<S extends z.core.$ZodShape>(schema: z.ZodMiniObject<S>): PatchObject<S> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = bare(field as z.ZodMiniType);
    shape[key] = z.optional(inner instanceof z.ZodMiniObject ? patchOf(inner) : inner);
  }
  return z.strictObject(shape) as unknown as PatchObject<S>;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** The object after a PATCH: absent fields kept, nested objects merged, null and arrays as given. */
export function mergePatch<T>(current: T, patch: object | undefined): T {
  if (!patch) return current;
  const out: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergePatch(out[key], value) : value;
  }
  return out as T;
}

/** Deep equality of JSON values; an absent value and null are the same (both mean "none"). */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return a === b;
}

/** Two ISO 8601 instants, however written (offset, milliseconds), that name the same moment. */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
  }
  return sameValue(a, b);
}

/**
 * The dotted paths (camelCase, as inside) of the fields a PATCH body really changes: present, and
 * different from the current value. A nested object is compared field by field. `compare` gives a
 * path its own equality (instants, lists whose order does not matter).
 */
export function changedFields(
  current: unknown,
  patch: object | undefined,
  compare: Record<string, (a: unknown, b: unknown) => boolean> = {},
  prefix = '',
): string[] {
  if (!patch) return [];
  const now = isPlainObject(current) ? current : {};
  const out: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const path = prefix + key;
    const same = compare[path];
    if (!same && isPlainObject(value) && isPlainObject(now[key])) {
      out.push(...changedFields(now[key], value, compare, `${path}.`));
    } else if (!(same ?? sameValue)(now[key], value)) {
      out.push(path);
    }
  }
  return out;
}
