/**
 * Who may do what with a contact or company (spec 001 §6), per group: the caller's role in each
 * group comes from the group's roster (core/access/roster.ts) and maps onto the contacts role table
 * (shared/src/contacts/roles.ts).
 *
 * - Seeing: the caller is an accepted member of at least one group the item is linked to; else 404.
 * - Acting (edit, delete, merge, move, copy): the action must be allowed in EVERY group the item is
 *   linked to (a group the caller is not in allows nothing); else 403. One group's editor cannot
 *   change what another group holds.
 */

import {
  type ContactAction,
  type ContactRole,
  can,
  canOnItem,
  contactRoleOf,
} from '@tandem/shared/contacts/roles';
import { DEFAULT_LINK_COLOR } from '@tandem/shared/contacts/rules';
import type { GroupLinkView } from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import type { Actor } from '../../lib/actor.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { type GroupRecord, listMemberships, rosterEntries } from '../access/roster.ts';

/** A group link as stored in a contact or company: `<itemId>~<groupId>` is its id. */
export interface StoredLink {
  id: string;
  groupId: string;
  isPrimary: boolean;
}

export const linkId = (itemId: string, groupId: string) => `${itemId}~${groupId}`;
export const itemOfLink = (id: string) => {
  const at = id.indexOf('~');
  return at > 0 ? { itemId: id.slice(0, at), groupId: id.slice(at + 1) } : null;
};

export interface GroupAccess {
  group: GroupRecord;
  role: ContactRole;
}

/** The caller's contacts role in each of these groups they are an accepted member of (one read). */
export async function rolesIn(actor: Actor, groupIds: readonly string[]): Promise<Map<string, GroupAccess>> {
  const ids = [...new Set(groupIds)];
  const out = new Map<string, GroupAccess>();
  if (!ids.length) return out;
  const groups = await getItems(ids.map((groupId) => item<GroupRecord>(GroupEntity, { groupId })));
  for (const g of groups) {
    if (!g || g.deleting) continue;
    const me = rosterEntries(g).find((m) => m.userId === actor.userId && m.invitationStatus === 'accepted');
    if (me) out.set(g.groupId, { group: g, role: contactRoleOf(me.role) });
  }
  return out;
}

/** 404 unless the caller is in one of the item's groups. */
export function requireVisible(
  links: readonly StoredLink[],
  roles: Map<string, GroupAccess>,
  message?: string,
) {
  if (!links.some((l) => roles.has(l.groupId))) throw new NotFoundError(message);
}

/** 403 unless `action` is allowed in every group of the item (`own`: the caller made it). */
export function requireAction(
  links: readonly StoredLink[],
  roles: Map<string, GroupAccess>,
  action: ContactAction,
  own: boolean,
) {
  for (const l of links) {
    const r = roles.get(l.groupId)?.role;
    const ok =
      r !== undefined &&
      (action === 'edit' || action === 'delete' ? canOnItem(r, action, own) : can(r, action));
    if (!ok) throw new ForbiddenError('group');
  }
}

/** Creating in a group: 404 for a group the caller is not in, 403 when their role cannot create. */
export function requireCreate(groupIds: readonly string[], roles: Map<string, GroupAccess>) {
  for (const g of groupIds) {
    const r = roles.get(g);
    if (!r) throw new NotFoundError();
    if (!can(r.role, 'create')) throw new ForbiddenError('group');
  }
}

/** The caller's groups (their memberships), with roles: for lists and search across them all. */
export async function myGroups(actor: Actor): Promise<Map<string, GroupAccess>> {
  const ms = await listMemberships(actor.userId);
  return rolesIn(
    actor,
    ms.map((m) => m.groupId),
  );
}

/** The caller's Private group: the fallback primary group (spec 001 §4). */
export function privateGroupOf(actor: Actor, roles: Map<string, GroupAccess>): string {
  for (const [id, r] of roles) if (r.group.isPrivate && r.group.createdBy === actor.userId) return id;
  throw new NotFoundError();
}

export function linkViews(links: readonly StoredLink[], roles: Map<string, GroupAccess>): GroupLinkView[] {
  return links.map((l) => {
    const g = roles.get(l.groupId)?.group;
    return {
      id: l.id,
      isPrimary: l.isPrimary,
      group: l.groupId,
      groupTitle: g?.title ?? '',
      metadata: { icon: g?.metadata.icon ?? '', color: g?.metadata.color || DEFAULT_LINK_COLOR },
    };
  });
}

/**
 * The links of a create or a change of groups: the given groups, the first primary one first; none
 * given → the caller's Private group; none marked primary → the first is.
 */
export function linksOf(
  itemId: string,
  given: ReadonlyArray<{ id: string; isPrimary: boolean }>,
  fallbackGroup: () => string,
): StoredLink[] {
  const list = given.length ? given : [{ id: fallbackGroup(), isPrimary: true }];
  const primary = list.find((g) => g.isPrimary)?.id ?? list[0]!.id;
  return [...list.filter((g) => g.id === primary), ...list.filter((g) => g.id !== primary)].map((g) => ({
    id: linkId(itemId, g.id),
    groupId: g.id,
    isPrimary: g.id === primary,
  }));
}
