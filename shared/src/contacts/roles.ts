/**
 * The contacts area's roles (spec 001 §6) as data. A caller's role in a group (groups/roles.ts) maps
 * onto this table; the server checks it per group on every contacts and companies call.
 */
import type { RoleId } from '../groups/roles.ts';

export const CONTACT_ACTIONS = [
  'view',
  'create',
  'editOwn',
  'edit',
  'deleteOwn',
  'delete',
  'merge',
  'exportOwn',
  'export',
  'move',
  'copy',
  'sync',
] as const;
export type ContactAction = (typeof CONTACT_ACTIONS)[number];

export const CONTACT_ROLES = ['viewer', 'standard', 'editor', 'admin', 'superadmin'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

const admin: readonly ContactAction[] = [
  'view',
  'create',
  'edit',
  'delete',
  'merge',
  'move',
  'export',
  'copy',
];

/** Spec 001 §6 "Contacts area roles", row by row. */
export const CONTACT_ROLE_TABLE: Record<ContactRole, readonly ContactAction[]> = {
  viewer: ['view'],
  standard: ['view', 'create', 'editOwn', 'deleteOwn'],
  editor: ['view', 'create', 'edit', 'deleteOwn', 'merge', 'exportOwn'],
  admin,
  superadmin: [...admin, 'sync'],
};

/** The default contacts role (spec 001 §6: "editor (default)"). */
export const DEFAULT_CONTACT_ROLE: ContactRole = 'editor';

/** A group role's contacts role: the group's creator holds the superadmin set. */
export function contactRoleOf(groupRole: RoleId): ContactRole {
  switch (groupRole) {
    case 1:
    case 2:
      return 'superadmin';
    case 3:
      return 'admin';
    case 4:
      return 'viewer';
    case 5:
      return 'standard';
    default:
      return 'editor';
  }
}

export function can(role: ContactRole, action: ContactAction): boolean {
  return CONTACT_ROLE_TABLE[role].includes(action);
}

/**
 * Whether the role may edit (or delete) a contact or company: `edit`/`delete` outright, or the `Own`
 * variant when the caller made it.
 */
export function canOnItem(role: ContactRole, action: 'edit' | 'delete', own: boolean): boolean {
  return can(role, action) || (own && can(role, action === 'edit' ? 'editOwn' : 'deleteOwn'));
}

/** Bulk actions the role table allows (POST /contacts/bulk/, /companies/bulk/). */
export const BULK_ACTIONS = ['delete', 'move', 'copy'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
