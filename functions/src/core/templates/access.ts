/**
 * Who may do what with templates and folders (spec 002 §6; decisions D57): a group's accepted
 * members see its templates and folders; its owners (the roles that may edit the group itself:
 * creator, superadmin, admin) add, edit, clone, move and delete them; anyone else gets 404.
 */
import { can, TEMPLATE_MESSAGES } from '@tandem/shared';
import type { Actor } from '../../lib/actor.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { type GroupRecord, loadGroup, memberOf, type RosterEntry } from '../access/roster.ts';

export const isTemplateOwner = (me: Pick<RosterEntry, 'role'>) => can(me.role, 'group.title');

export interface GroupAccess {
  group: GroupRecord;
  me: RosterEntry;
  isOwner: boolean;
}

/** The group and the caller's place in it; 404 when they are not an accepted member. */
export async function groupAccess(
  actor: Actor,
  groupId: string,
  group?: GroupRecord | null,
): Promise<GroupAccess> {
  const g = group === undefined ? await loadGroup(groupId) : group?.deleting ? null : group;
  const me = memberOf(g, actor);
  return { group: g!, me, isOwner: isTemplateOwner(me) };
}

/** As groupAccess, and 403 unless the caller is one of the group's owners. */
export async function ownerAccess(actor: Actor, groupId: string, group?: GroupRecord | null) {
  const a = await groupAccess(actor, groupId, group);
  if (!a.isOwner) throw new ForbiddenError(undefined, TEMPLATE_MESSAGES.ownersOnly);
  return a;
}
