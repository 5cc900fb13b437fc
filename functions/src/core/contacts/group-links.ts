/**
 * What contacts and companies do alike with their group links (spec 001 §4 "Contact and company
 * group links"; §6): link a group or make it primary, remove a link, change the groups in an edit —
 * each checked against the caller's role in every group of the item (access.ts) — and the list items
 * a save writes. contacts.ts and companies.ts call these with their own item.
 */
import { CONTACT_MESSAGES, CONTACT_RULES } from '@tandem/shared/contacts/rules';
import type { ContactWriteFn } from '../../db/entities/contact-entities.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  type GroupAccess,
  linksOf,
  requireAction,
  requireCreate,
  requireVisible,
  rolesIn,
  type StoredLink,
} from './access.ts';
import { listAcross } from './lists.ts';
import { type Kind, type Listed, listItems, listKey } from './store.ts';

/** A contact or company read, and the caller's roles in its groups; 404 (`message`) when they may not see it. */
export async function visibleItem<T extends { groups: StoredLink[] }>(
  actor: Actor,
  found: T | null,
  message: string,
): Promise<{ item: T; roles: Map<string, GroupAccess> }> {
  if (!found) throw new NotFoundError(message);
  const roles = await rolesIn(
    actor,
    found.groups.map((g) => g.groupId),
  );
  requireVisible(found.groups, roles, message);
  return { item: found, roles };
}

/**
 * A list page of contacts or companies (GET /contact/, /contact/company/): the ids of the groups'
 * lists (lists.ts), then the items (one BatchGetItem) as the caller sees them.
 */
export async function listPage<T, V>(
  kind: Kind,
  roles: Map<string, GroupAccess>,
  q: Parameters<typeof listAcross>[2],
  read: (ids: string[]) => Promise<ReadonlyArray<T | null>>,
  view: (item: T, roles: Map<string, GroupAccess>) => V,
) {
  const page = await listAcross(kind, [...roles.keys()], q);
  const found = await read(page.ids);
  return {
    count: page.count,
    next: page.next,
    previous: page.previous,
    results: found.filter((x): x is T => x !== null).map((x) => view(x, roles)),
  };
}

/**
 * POST /contact/group and /contact/company/group: the item's links with `group` linked (or made
 * primary). The caller edits the item (every group of it) and, for a new link, creates in `group`;
 * at most CONTACT_RULES.maxGroups links.
 */
export function withGroupLinked(
  itemId: string,
  before: readonly StoredLink[],
  roles: Map<string, GroupAccess>,
  input: { group: string; isPrimary: boolean },
  own: boolean,
): StoredLink[] {
  requireAction(before, roles, 'edit', own);
  const linked = before.some((g) => g.groupId === input.group);
  if (!linked) requireCreate([input.group], roles);
  if (!linked && before.length >= CONTACT_RULES.maxGroups)
    throw new ValidationError({ group: CONTACT_MESSAGES.tooManyGroups });
  const given = [
    ...before.map((g) => ({ id: g.groupId, isPrimary: input.isPrimary ? false : g.isPrimary })),
    ...(linked ? [] : [{ id: input.group, isPrimary: false }]),
  ].map((g) => (g.id === input.group && input.isPrimary ? { ...g, isPrimary: true } : g));
  return linksOf(itemId, given, () => input.group);
}

/**
 * DELETE /contact/group/{id} and /contact/company/group/{id}: the links without that one (404 when
 * the item has no such link); the primary link stays until another group is made primary.
 */
export function withoutLink(
  before: readonly StoredLink[],
  roles: Map<string, GroupAccess>,
  linkId: string,
  own: boolean,
): StoredLink[] {
  const link = before.find((g) => g.id === linkId);
  if (!link) throw new NotFoundError();
  requireAction(before, roles, 'edit', own);
  if (link.isPrimary)
    throw new ValidationError({
      group: 'The primary group cannot be removed; choose another primary group first.',
    });
  return before.filter((g) => g.id !== linkId);
}

/**
 * The groups of an edit (PATCH with `group`): removed links are deleted, new ones made (spec 001
 * §4); new groups need create. Without `group` the links stay. The roles answered cover the old
 * and new groups (the view shows both).
 */
export async function groupsOfEdit(
  actor: Actor,
  itemId: string,
  before: readonly StoredLink[],
  roles: Map<string, GroupAccess>,
  asked: ReadonlyArray<{ id: string; isPrimary: boolean }> | undefined,
): Promise<{ groups: StoredLink[]; roles: Map<string, GroupAccess> }> {
  if (asked === undefined) return { groups: [...before], roles };
  const all = await rolesIn(actor, [...before.map((g) => g.groupId), ...asked.map((g) => g.id)]);
  const groups = linksOf(itemId, asked, () => before.find((g) => g.isPrimary)!.groupId);
  requireCreate(
    groups.filter((g) => !before.some((b) => b.groupId === g.groupId)).map((g) => g.groupId),
    all,
  );
  return { groups, roles: all };
}

type ListWriter = Parameters<ContactWriteFn>[0]['contactList'];

/** A save's list items: the removed groups' deleted, every current group's put with the current names. */
export function listWrites(contactList: ListWriter, kind: Kind, before: Listed, after: Listed) {
  const kept = new Set(after.groups.map((g) => g.groupId));
  return [
    ...before.groups
      .filter((g) => !kept.has(g.groupId))
      .map((g) => contactList.delete(listKey(kind, before, g.groupId)).commit()),
    ...listItems(kind, after).map((l) => contactList.put(l).commit()),
  ];
}
