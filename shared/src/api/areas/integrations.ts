/** Routes of one area of the manifest (all-routes.ts joins them in order; decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Calendar integrations (spec 002 §7 "Integrations"; docs/api/integrations.md; decisions D70)
/** Ours: every connection of the caller with its calendars and links (the integrations screen). */
export const listIntegrations = {
  method: 'GET',
  path: '/integration/',
  auth: 'user',
  handler: 'integrations/list-integrations',
} as const satisfies RouteDef;
/** Ours: the provider's authorisation URL (calendar scopes, offline access, state and PKCE). */
export const authorizeIntegration = {
  method: 'GET',
  path: '/integration/authorize/{provider}/',
  auth: 'user',
  handler: 'integrations/authorize-integration',
} as const satisfies RouteDef;
/** Spec: {code, state} from /callback/{provider}; for caldav {server_url, username, password}. */
export const initializeIntegration = {
  method: 'POST',
  path: '/integration/initialize/{provider}/',
  auth: 'user',
  handler: 'integrations/initialize-integration',
} as const satisfies RouteDef;
/** Spec: the caller's connections of this provider. */
export const getIntegrations = {
  method: 'GET',
  path: '/integration/initialize/{provider}/',
  auth: 'user',
  handler: 'integrations/get-integrations',
} as const satisfies RouteDef;
export const deleteIntegration = {
  method: 'DELETE',
  path: '/integration/initialize/{provider}/{id}/',
  auth: 'user',
  handler: 'integrations/delete-integration',
} as const satisfies RouteDef;
/** Spec: {calendar, start_date, group, direction} (+ integration: which connection). */
export const connectCalendar = {
  method: 'POST',
  path: '/integration/connect/{provider}/',
  auth: 'user',
  handler: 'integrations/connect-calendar',
} as const satisfies RouteDef;
export const disconnectCalendar = {
  method: 'DELETE',
  path: '/integration/connect/{provider}/{id}/',
  auth: 'user',
  handler: 'integrations/disconnect-calendar',
} as const satisfies RouteDef;
/** Ours: sync a connection's calendars now. */
export const syncIntegration = {
  method: 'POST',
  path: '/integration/sync/{id}/',
  auth: 'user',
  handler: 'integrations/sync-integration',
} as const satisfies RouteDef;
