/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Templates and folders (spec 002 §7 "Templates", "Folders"; docs/api/templates.md; decisions D57)
export const createTemplate = {
  method: 'POST',
  path: '/task/template',
  auth: 'user',
  handler: 'templates/create-template',
} as const satisfies RouteDef;
/** The tree data: the caller's groups → folders → templates (newest first), and custom-field templates. */
export const listTemplates = {
  method: 'GET',
  path: '/task/template',
  auth: 'user',
  handler: 'templates/list-templates',
} as const satisfies RouteDef;
export const getTemplate = {
  method: 'GET',
  path: '/task/template/{id}',
  auth: 'user',
  handler: 'templates/get-template',
} as const satisfies RouteDef;
export const updateTemplate = {
  method: 'PATCH',
  path: '/task/template/{id}',
  auth: 'user',
  handler: 'templates/update-template',
} as const satisfies RouteDef;
export const deleteTemplate = {
  method: 'DELETE',
  path: '/task/template/{id}',
  auth: 'user',
  handler: 'templates/delete-template',
} as const satisfies RouteDef;
/** The template whose tree holds a task (a template task's id → its template). */
export const searchTemplate = {
  method: 'GET',
  path: '/task/template/search/{taskId}',
  auth: 'user',
  handler: 'templates/search-template',
} as const satisfies RouteDef;
export const cloneTemplate = {
  method: 'POST',
  path: '/task/template/clone/{id}',
  auth: 'user',
  handler: 'templates/clone-template',
} as const satisfies RouteDef;
export const convertTaskToTemplate = {
  method: 'POST',
  path: '/task/template/convert-from-task/{id}',
  auth: 'user',
  handler: 'templates/convert-from-task',
} as const satisfies RouteDef;
/** Template → a draft task tree, all-or-nothing and idempotent on the client's key. */
export const convertTemplateToDraft = {
  method: 'POST',
  path: '/task/template/conversion/{id}',
  auth: 'user',
  handler: 'templates/convert-to-draft',
  memory: 1024,
} as const satisfies RouteDef;
export const createFolder = {
  method: 'POST',
  path: '/task/folder',
  auth: 'user',
  handler: 'templates/create-folder',
} as const satisfies RouteDef;
export const listFolders = {
  method: 'GET',
  path: '/task/folder',
  auth: 'user',
  handler: 'templates/list-folders',
} as const satisfies RouteDef;
export const getFolder = {
  method: 'GET',
  path: '/task/folder/{id}',
  auth: 'user',
  handler: 'templates/get-folder',
} as const satisfies RouteDef;
export const updateFolder = {
  method: 'PATCH',
  path: '/task/folder/{id}',
  auth: 'user',
  handler: 'templates/update-folder',
} as const satisfies RouteDef;
export const deleteFolder = {
  method: 'DELETE',
  path: '/task/folder/{id}',
  auth: 'user',
  handler: 'templates/delete-folder',
} as const satisfies RouteDef;
