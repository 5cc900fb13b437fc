/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Account roles and role mapping (spec 002 §7 "Template roles", "Role mapping"; docs/api/roles.md)
export const createAccountRole = {
  method: 'POST',
  path: '/task/template/role',
  auth: 'user',
  handler: 'roles/create-account-role',
} as const satisfies RouteDef;
export const listAccountRoles = {
  method: 'GET',
  path: '/task/template/role',
  auth: 'user',
  handler: 'roles/list-account-roles',
} as const satisfies RouteDef;
export const getAccountRole = {
  method: 'GET',
  path: '/task/template/role/{id}',
  auth: 'user',
  handler: 'roles/get-account-role',
} as const satisfies RouteDef;
export const updateAccountRole = {
  method: 'PATCH',
  path: '/task/template/role/{id}',
  auth: 'user',
  handler: 'roles/update-account-role',
} as const satisfies RouteDef;
export const deleteAccountRole = {
  method: 'DELETE',
  path: '/task/template/role/{id}',
  auth: 'user',
  handler: 'roles/delete-account-role',
} as const satisfies RouteDef;
export const createRoleMapping = {
  method: 'POST',
  path: '/task/role-mapping',
  auth: 'user',
  handler: 'roles/create-role-mapping',
} as const satisfies RouteDef;
export const listRoleMappings = {
  method: 'GET',
  path: '/task/role-mapping',
  auth: 'user',
  handler: 'roles/list-role-mappings',
} as const satisfies RouteDef;
export const getRoleMapping = {
  method: 'GET',
  path: '/task/role-mapping/{id}',
  auth: 'user',
  handler: 'roles/get-role-mapping',
} as const satisfies RouteDef;
export const updateRoleMapping = {
  method: 'PATCH',
  path: '/task/role-mapping/{id}',
  auth: 'user',
  handler: 'roles/update-role-mapping',
} as const satisfies RouteDef;
export const deleteRoleMapping = {
  method: 'DELETE',
  path: '/task/role-mapping/{id}',
  auth: 'user',
  handler: 'roles/delete-role-mapping',
} as const satisfies RouteDef;
// AI generation (spec 002 §7 "AI and surveys"; ARCHITECTURE §7; docs/api/roles.md)
/** Public per the spec: limited per IP by the gateway (shared/src/api/throttling.ts). */
export const generateAiPublic = {
  method: 'POST',
  path: '/ai-services/generate/public/',
  auth: 'public',
  handler: 'ai/generate-public',
} as const satisfies RouteDef;
/** Ours: a prompt → a proposed template tree (the AI builder). */
export const proposeAiTemplate = {
  method: 'POST',
  path: '/task/template/ai-proposal',
  auth: 'user',
  handler: 'ai/propose-template',
} as const satisfies RouteDef;
