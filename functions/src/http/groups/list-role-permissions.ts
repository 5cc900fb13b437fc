import { grantableRoles, PERMISSIONS, ROLE_IDS, type RolePermissionsView, roleName } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { httpHandler } from '../../lib/http-handler.ts';

/** The role → permission table the server enforces, for the web to derive read-only controls. */
export const handler = httpHandler({
  route: routes.listRolePermissions,
  run: async (): Promise<RolePermissionsView> => ({
    results: ROLE_IDS.map((role) => ({
      role,
      title: roleName(role),
      permissions: [...PERMISSIONS[roleName(role)]],
      grantable: grantableRoles(role),
    })),
  }),
});
