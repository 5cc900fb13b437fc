/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Grid views (spec 001 §7 "Grid views"; the rows query is ours, docs/api/grid.md)
export const listGridViews = {
  method: 'GET',
  path: '/task/grid',
  auth: 'user',
  handler: 'grid/list-views',
} as const satisfies RouteDef;
export const createGridView = {
  method: 'POST',
  path: '/task/grid',
  auth: 'user',
  handler: 'grid/create-view',
} as const satisfies RouteDef;
export const getGridView = {
  method: 'GET',
  path: '/task/grid/{id}',
  auth: 'user',
  handler: 'grid/get-view',
} as const satisfies RouteDef;
export const updateGridView = {
  method: 'PATCH',
  path: '/task/grid/{id}',
  auth: 'user',
  handler: 'grid/update-view',
} as const satisfies RouteDef;
export const deleteGridView = {
  method: 'DELETE',
  path: '/task/grid/{id}',
  auth: 'user',
  handler: 'grid/delete-view',
} as const satisfies RouteDef;
/** Ours: the grid's rows, filtered, sorted, grouped and paged on the server (decisions D56). */
export const queryGridRows = {
  method: 'POST',
  path: '/task/grid/rows',
  auth: 'user',
  handler: 'grid/query-rows',
} as const satisfies RouteDef;
