/** Role names for the screens: the i18n key of each role id (spec 000 §6). */
import { ROLES, type RoleId, type RoleName, roleName } from '@tandem/shared/groups/roles';

export const roleKey = (id: RoleId): `roles.${RoleName}` => `roles.${roleName(id)}`;

/** Roles as offered in a select, strongest first. */
export const ROLE_ORDER: readonly RoleId[] = [
  ROLES.creator,
  ROLES.superadmin,
  ROLES.admin,
  ROLES.editor,
  ROLES.standard,
  ROLES.viewer,
];

export const isRoleId = (v: number): v is RoleId => (Object.values(ROLES) as number[]).includes(v);
