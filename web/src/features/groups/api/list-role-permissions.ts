/** GET /task/role/permission — each role's permissions and the roles it may grant (spec 000 §6). */
import * as routes from '@tandem/shared/api/route-defs';
import type { RolePermissionsView } from '@tandem/shared/groups/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export const rolePermissionsKey = ['role-permissions'] as const;
export const listRolePermissions = () => api<RolePermissionsView>(routes.listRolePermissions);
// The table changes with a deployment, not while the page is open.
export const useRolePermissions = () =>
  useSWR(rolePermissionsKey, listRolePermissions, { revalidateIfStale: false });
