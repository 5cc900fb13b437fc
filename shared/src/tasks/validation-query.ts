/**
 * GET /task/validation's query (request-schemas.ts passes it on): apart from the other task calls'
 * schemas, so that the validation route carries only its own (docs/decisions.md D81).
 */
import * as z from 'zod/mini';

/**
 * GET /task/validation (spec 002 §7, shape ours: docs/decisions.md D16): the task form's fields as a
 * query, checked as POST /task would check them, without saving. Every value is text on a query;
 * whole numbers become numbers, and the rest is left for the create schema to judge.
 */
const queryText = z.optional(z.string().check(z.maxLength(20_000)));
export const taskValidationQuery = z.object({
  title: queryText,
  description: queryText,
  flag: queryText,
  status: queryText,
  mode: queryText,
  level: queryText,
  priorityGroup: queryText,
  dueAt: queryText,
  group: queryText,
  parent: queryText,
  delegationType: queryText,
  userTimezone: queryText,
});
export type TaskValidationQuery = z.infer<typeof taskValidationQuery>;

/** The create payload a validation query stands for (absent fields stay absent, as in the form). */
export function taskPayloadFromQuery(q: TaskValidationQuery): Record<string, unknown> {
  const num = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v) ? Number(v) : v);
  const details = Object.fromEntries(
    Object.entries({ description: q.description, flag: num(q.flag) }).filter(([, v]) => v !== undefined),
  );
  const fields = {
    title: q.title,
    status: num(q.status),
    mode: q.mode,
    level: num(q.level),
    priorityGroup: num(q.priorityGroup),
    dueAt: q.dueAt,
    group: q.group,
    parent: q.parent,
    delegationType: q.delegationType,
    userTimezone: q.userTimezone,
    ...(Object.keys(details).length ? { details } : {}),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** The answer of GET /task/validation: the form's errors by field (wire names), and their codes. */
export interface TaskValidationResult {
  valid: boolean;
  errors: Record<string, string>;
  codes: Record<string, string>;
}
