/**
 * What the person may do in the contacts area (spec 001 §6), from their role in each group: the
 * buttons follow the same table the server enforces (shared/src/contacts/roles.ts), so a viewer sees
 * no New or Delete, and the server still refuses what the table does not allow.
 */
import { type ContactAction, can, canOnItem, contactRoleOf } from '@tandem/shared/contacts/roles';
import type { RoleId } from '@tandem/shared/groups/roles';

export interface RoleInGroup {
  id: string;
  role: RoleId;
}
export interface OwnedItem {
  primaryGroupId: string;
  createdBy: string;
  secondaryGroupIds?: readonly string[];
}

export function contactRights(groups: readonly RoleInGroup[], me: string | undefined) {
  const roleIn = (group: string) => {
    const g = groups.find((x) => x.id === group);
    return g ? contactRoleOf(g.role) : null;
  };
  const anywhere = (action: ContactAction) => groups.some((g) => can(contactRoleOf(g.role), action));
  const onItem = (item: OwnedItem, action: 'edit' | 'delete') => {
    const role = roleIn(item.primaryGroupId);
    return role !== null && canOnItem(role, action, !!me && item.createdBy === me);
  };
  return {
    /** Groups a new contact may go in (create). */
    creatableGroups: groups.filter((g) => can(contactRoleOf(g.role), 'create')).map((g) => g.id),
    canCreate: anywhere('create'),
    canMerge: (items: readonly OwnedItem[]) =>
      items.length > 1 &&
      items.every((i) => {
        const role = roleIn(i.primaryGroupId);
        return role !== null && can(role, 'merge');
      }),
    canEdit: (item: OwnedItem) => onItem(item, 'edit'),
    canDelete: (item: OwnedItem) => onItem(item, 'delete'),
    canDeleteAll: (items: readonly OwnedItem[]) =>
      items.length > 0 && items.every((i) => onItem(i, 'delete')),
    /**
     * Bulk move or copy: the action in every group of every item (as the server checks it), and a
     * group to take them to (creatableGroups).
     */
    canBulkGroup: (action: 'move' | 'copy', items: readonly OwnedItem[]) =>
      items.length > 0 &&
      groups.some((g) => can(contactRoleOf(g.role), 'create')) &&
      items.every((i) =>
        [i.primaryGroupId, ...(i.secondaryGroupIds ?? [])].every((id) => {
          const role = roleIn(id);
          return role !== null && can(role, action);
        }),
      ),
  };
}
export type ContactRights = ReturnType<typeof contactRights>;
