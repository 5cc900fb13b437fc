/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Planning (spec 002 §2, §4, §7 "tasks used by planning": paths ours; docs/api/planning.md)
/** Ours: the caller's plans, top-level tasks with sub-tasks. */
export const listPlans = {
  method: 'GET',
  path: '/task/plan',
  auth: 'user',
  handler: 'planning/list-plans',
} as const satisfies RouteDef;
/** Ours: a task and its descendants for the planning viewer (at most 1,000). */
export const getPlan = {
  method: 'GET',
  path: '/task/plan/{rootId}',
  auth: 'user',
  handler: 'planning/get-plan',
} as const satisfies RouteDef;
/** Ours: a planning session's changes saved in one call (idempotent by its key). */
export const savePlan = {
  method: 'PATCH',
  path: '/task/plan/{rootId}',
  auth: 'user',
  handler: 'planning/save-plan',
} as const satisfies RouteDef;
