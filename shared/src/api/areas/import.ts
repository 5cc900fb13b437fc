/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Import (issue 14 item 7; docs/api/import.md)
/** Ours: a CSV file (our task-list export or Todoist's) read and checked; nothing written. */
export const previewTaskImport = {
  method: 'POST',
  path: '/task/import/preview',
  auth: 'user',
  handler: 'import/preview-import',
} as const satisfies RouteDef;
/** Ours: the previewed rows as new tasks in a group, all or none, once per idempotency key. */
export const importTasks = {
  method: 'POST',
  path: '/task/import',
  auth: 'user',
  handler: 'import/import-tasks',
} as const satisfies RouteDef;
