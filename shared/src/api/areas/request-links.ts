/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Request links, owner side (spec 002 §7 "Request links"; docs/api/request-links.md)
export const listRequestLinks = {
  method: 'GET',
  path: '/request-links/',
  auth: 'user',
  handler: 'request-links/list-request-links',
} as const satisfies RouteDef;
export const createRequestLink = {
  method: 'POST',
  path: '/request-links/',
  auth: 'user',
  handler: 'request-links/create-request-link',
} as const satisfies RouteDef;
export const getRequestLink = {
  method: 'GET',
  path: '/request-links/{id}',
  auth: 'user',
  handler: 'request-links/get-request-link',
} as const satisfies RouteDef;
export const updateRequestLink = {
  method: 'PUT',
  path: '/request-links/{id}',
  auth: 'user',
  handler: 'request-links/update-request-link',
} as const satisfies RouteDef;
export const toggleRequestLink = {
  method: 'PATCH',
  path: '/request-links/{id}',
  auth: 'user',
  handler: 'request-links/toggle-request-link',
} as const satisfies RouteDef;
export const deleteRequestLink = {
  method: 'DELETE',
  path: '/request-links/{id}',
  auth: 'user',
  handler: 'request-links/delete-request-link',
} as const satisfies RouteDef;
export const deleteRequestLinkAssignee = {
  method: 'DELETE',
  path: '/request-links/assignee/{id}',
  auth: 'user',
  handler: 'request-links/delete-assignee',
} as const satisfies RouteDef;
/** Ours: a presigned POST for a logo (the files module's upload), kept by the next save. */
export const createRequestLinkLogoUpload = {
  method: 'POST',
  path: '/request-links/logo',
  auth: 'user',
  handler: 'request-links/create-logo-upload',
} as const satisfies RouteDef;
// The request portal (spec 002 §2): the owner's tasks that came from requests
export const listPortalTasks = {
  method: 'GET',
  path: '/request-links/portal/tasks',
  auth: 'user',
  handler: 'request-links/list-portal-tasks',
} as const satisfies RouteDef;
export const getPortalTask = {
  method: 'GET',
  path: '/request-links/portal/tasks/{taskId}',
  auth: 'user',
  handler: 'request-links/get-portal-task',
} as const satisfies RouteDef;
// The public request page's calls, no sign-in (limited per address and per link: decisions D68)
export const getPublicRequestLink = {
  method: 'GET',
  path: '/request-links/public/{id}',
  auth: 'public',
  handler: 'request-links/get-public-request-link',
} as const satisfies RouteDef;
/** Ours: the public page's call without an id (the literal wins over the owner's `{id}`): 404. */
export const getPublicRequestLinkBare = {
  method: 'GET',
  path: '/request-links/public',
  auth: 'public',
  handler: 'request-links/get-public-request-link-bare',
} as const satisfies RouteDef;
/** Ours: a presigned POST for a voice note, scoped to the link and its open form. */
export const createRequestVoiceUpload = {
  method: 'POST',
  path: '/request-links/public/{id}/voice',
  auth: 'public',
  handler: 'request-links/create-voice-upload',
} as const satisfies RouteDef;
export const submitRequest = {
  method: 'POST',
  path: '/request-links/request',
  auth: 'public',
  handler: 'request-links/submit-request',
} as const satisfies RouteDef;
export const confirmRequest = {
  method: 'POST',
  path: '/request-links/request/confirmation',
  auth: 'public',
  handler: 'request-links/confirm-request',
} as const satisfies RouteDef;
