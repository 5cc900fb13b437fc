/** How a group reads to the caller: archived or not, which archive action applies, what is editable. */
import { GROUP_FIELDS, type Permission } from '@tandem/shared/groups/roles';
import type { GroupView } from '@tandem/shared/groups/views';

type GroupLike = Pick<GroupView, 'status' | 'memberStatus' | 'permissions' | 'isPrivate'>;

/** Archived for everyone (status 2) or for the caller only (memberStatus 2). */
export const isArchived = (g: Pick<GroupView, 'status' | 'memberStatus'>): boolean =>
  g.status === 2 || g.memberStatus === 2;

/** The ids of the groups the header's selection may name: those not archived, in their order. */
export const visibleGroupIds = (
  groups: readonly Pick<GroupView, 'id' | 'status' | 'memberStatus'>[],
): string[] => groups.filter((g) => !isArchived(g)).map((g) => g.id);

export const has = (g: Pick<GroupView, 'permissions'>, p: Permission): boolean => g.permissions.includes(p);

/** canSubmitGroupForm (spec 000 §6): any group field editable. */
export const canSubmitForm = (g: Pick<GroupView, 'permissions'>): boolean =>
  GROUP_FIELDS.some((f) => g.permissions.includes(f));

export type ArchiveAction = 'archive' | 'archiveForMe' | 'restore';

/**
 * The archive button (spec 000 §4). With group.status the group is archived or restored for
 * everyone; without it only the caller's membership is (the server decides which from the same call).
 * A group archived for everyone cannot be restored by a member without the permission, and the
 * Private group is never archived.
 */
export function archiveAction(g: GroupLike): ArchiveAction | null {
  const forEveryone = has(g, 'group.status');
  if (isArchived(g)) {
    if (g.memberStatus === 2 || forEveryone) return 'restore';
    return null;
  }
  if (g.isPrivate) return null;
  return forEveryone ? 'archive' : 'archiveForMe';
}

export const canDelete = (g: GroupLike): boolean => !g.isPrivate && has(g, 'group.deleteGroup');
