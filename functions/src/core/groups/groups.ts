/**
 * Groups: create, list (GET /group/member), update, archive and restore, delete, reorder.
 *
 * Deleting a group deletes it for everyone: memberships, pending invitations and (once tasks exist)
 * its tasks; the confirmation says so (docs/decisions.md D6). The Private group every user starts
 * with can be neither deleted nor archived.
 */
import {
  type CreateGroupInput,
  can,
  changedFields,
  GROUP_STATUS,
  type GroupStatus,
  type GroupView,
  mergePatch,
  type UpdateGroupInput,
} from '@tandem/shared';
import { generateKeyBetween } from 'fractional-indexing';
import { getItems, item } from '../../db/batch-get.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import { InvitationEntity } from '../../db/entities/invitation.ts';
import { MembershipEntity } from '../../db/entities/membership.ts';
import { UserEntity } from '../../db/entities/user.ts';
import {
  chunks,
  MAX_BATCH_WRITE_ITEMS,
  MAX_TRANSACTION_ITEMS,
  TransactionCanceledError,
  transact,
} from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertUnderLimit, LimitReachedError, limitOf } from '../access/limits.ts';
import {
  type GroupRecord,
  listMemberships,
  loadGroup,
  type MembershipRecord,
  memberOf,
  memberView,
  newGroupItems,
  permissionsOf,
  type RosterEntry,
  requirePermission,
  rosterEntries,
  seatCount,
  staleGroup,
} from '../access/roster.ts';
import { getUser, type UserRecord } from '../user/user.ts';

export {
  displayName,
  listMemberships,
  loadGroup,
  type MembershipRecord,
  staleGroup,
} from '../access/roster.ts';

/** A status stored as a number: anything but archived reads as active. */
const groupStatusOf = (n: number): GroupStatus =>
  n === GROUP_STATUS.archived ? GROUP_STATUS.archived : GROUP_STATUS.active;

/** The group and the caller's place in it; 404 for anyone who is not an accepted member. */
export async function groupFor(actor: Actor, groupId: string) {
  const group = await loadGroup(groupId);
  if (!group) throw new NotFoundError();
  return { group, me: memberOf(group, actor) };
}

const lastOrderKey = (ms: MembershipRecord[]) => ms.at(-1)?.orderKey ?? null;

export async function createGroup(actor: Actor, input: CreateGroupInput): Promise<GroupView> {
  const [user, memberships] = await Promise.all([getUser(actor), listMemberships(actor.userId)]);
  assertUnderLimit(user, 'ownedGroup');
  assertUnderLimit(user, 'ownedGroupTotal');
  assertUnderLimit(user, 'groupMembership');
  const items = newGroupItems(user, input, generateKeyBetween(lastOrderKey(memberships), null));
  const pkg = user.subscription.package;
  try {
    await transact(({ user: u, group, membership }) => [
      u
        .patch({ userId: actor.userId })
        .add({ ownedGroupCount: 1, ownedGroupTotalCount: 1, groupMembershipCount: 1 })
        .where(
          (a, op) =>
            `${op.lt(a.ownedGroupCount, limitOf(pkg, 'ownedGroup'))} AND ${op.lt(a.ownedGroupTotalCount, limitOf(pkg, 'ownedGroupTotal'))} AND ${op.lt(a.groupMembershipCount, limitOf(pkg, 'groupMembership'))}`,
        )
        .commit(),
      group.create(items.group).commit(),
      membership.create(items.membership).commit(),
    ]);
  } catch (e) {
    // A concurrent create took the last place: answer with the limit as it now stands.
    if (e instanceof TransactionCanceledError && e.failedAt(0)) {
      const fresh = await getUser(actor);
      for (const event of ['ownedGroup', 'ownedGroupTotal', 'groupMembership'] as const)
        assertUnderLimit(fresh, event);
      throw new LimitReachedError('ownedGroup', limitOf(pkg, 'ownedGroup'), fresh.ownedGroupCount);
    }
    throw e;
  }
  const group = (await loadGroup(items.group.groupId))!;
  return groupView(group, items.membership, user, memberships.length);
}

export function groupView(
  g: GroupRecord,
  m: MembershipRecord,
  user: UserRecord,
  userOrder: number,
  now = new Date(),
): GroupView {
  const me = rosterEntries(g).find((e) => e.userId === user.userId);
  const role = (me?.role ?? m.role) as GroupView['role'];
  return {
    id: g.groupId,
    title: g.title,
    description: g.description,
    metadata: g.metadata,
    status: groupStatusOf(g.status),
    memberStatus: groupStatusOf(m.status),
    isPrivate: g.isPrivate,
    isDefault: user.config.group === g.groupId,
    userOrder,
    role,
    permissions: permissionsOf(role),
    owner: { id: g.createdBy, name: g.ownerName },
    memberCount: seatCount(g),
    memberLimit: limitOf(g.ownerPackage, 'ownedGroupMemberAmount'),
    groupMembers: rosterEntries(g)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((e) => memberView(e, now)),
    createdAt: g.createdAt,
  };
}

/**
 * The caller's groups with their rosters, in the caller's order: one Query for the memberships, one
 * GetItem for the caller, and BatchGetItem for the groups (100 keys a request) — a constant number
 * of requests however many members the groups have.
 */
export async function listGroups(actor: Actor): Promise<{ count: number; results: GroupView[] }> {
  const [user, memberships] = await Promise.all([getUser(actor), listMemberships(actor.userId)]);
  if (memberships.length === 0) return { count: 0, results: [] };
  const got = await GroupEntity.get(memberships.map((m) => ({ groupId: m.groupId }))).go();
  const byId = new Map(got.data.map((g) => [g.groupId, g]));
  const results: GroupView[] = [];
  for (const m of memberships) {
    const g = byId.get(m.groupId);
    if (g && !g.deleting) results.push(groupView(g, m, user, results.length));
  }
  return { count: results.length, results };
}

/** Writes the group with a changed roster or fields, conditional on the version read. */
export async function saveGroup(
  g: GroupRecord,
  set: Partial<Omit<GroupRecord, 'groupId' | 'createdBy' | 'isPrivate' | 'version'>>,
) {
  try {
    await GroupEntity.patch({ groupId: g.groupId })
      .set({ ...set, version: g.version + 1 })
      .where(({ version }, { eq }) => eq(version, g.version))
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw staleGroup();
    throw e;
  }
}

export async function updateGroup(
  actor: Actor,
  groupId: string,
  input: UpdateGroupInput,
): Promise<GroupView> {
  const { group, me } = await groupFor(actor, groupId);
  // Only fields that really change need their permission, and only they are written.
  const current = { title: group.title, description: group.description, metadata: group.metadata };
  const { status: _status, ...fields } = input;
  const changed = changedFields(current, fields);
  if (changed.includes('title')) requirePermission(me, 'group.title', 'title');
  if (changed.includes('description')) requirePermission(me, 'group.title', 'description');
  if (changed.some((f) => f.startsWith('metadata'))) requirePermission(me, 'group.metadata', 'metadata');
  const next = mergePatch(current, fields);
  const set: Parameters<typeof saveGroup>[1] = {};
  if (changed.includes('title')) set.title = next.title;
  if (changed.includes('description')) set.description = next.description;
  if (changed.some((f) => f.startsWith('metadata'))) set.metadata = next.metadata;

  // One write per call: the status path carries the other field changes with it.
  if (input.status !== undefined && group.isPrivate) {
    throw new ValidationError({ status: 'The Private group cannot be archived.' });
  }
  if (input.status !== undefined && can(me.role, 'group.status') && input.status !== group.status) {
    await setGroupStatus(group, input.status, set);
  } else if (input.status !== undefined && !can(me.role, 'group.status')) {
    // Without the status permission a member archives (or restores) only their own membership.
    await setMemberStatus(group, me, input.status, set);
  } else if (Object.keys(set).length > 0) {
    await saveGroup(group, set);
  }
  return viewFor(actor, groupId);
}

/** Archiving for everyone frees a place in the owner's active-groups limit; restoring takes one. */
async function setGroupStatus(group: GroupRecord, status: GroupStatus, set: Parameters<typeof saveGroup>[1]) {
  const owner = (await UserEntity.get({ userId: group.createdBy }).go()).data;
  if (status === GROUP_STATUS.active && owner) assertUnderLimit(owner, 'ownedGroup');
  const delta = status === GROUP_STATUS.archived ? -1 : 1;
  const limit = owner ? limitOf(owner.subscription.package, 'ownedGroup') : 0;
  try {
    await transact(({ group: gE, user: uE }) => [
      gE
        .patch({ groupId: group.groupId })
        .set({ ...set, status, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      ...(owner
        ? [
            delta > 0
              ? uE
                  .patch({ userId: owner.userId })
                  .add({ ownedGroupCount: 1 })
                  .where((a, op) => op.lt(a.ownedGroupCount, limit))
                  .commit()
              : uE.patch({ userId: owner.userId }).subtract({ ownedGroupCount: 1 }).commit(),
          ]
        : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(1)) {
      throw new LimitReachedError('ownedGroup', limit, owner?.ownedGroupCount ?? limit);
    }
    if (e instanceof TransactionCanceledError) throw staleGroup();
    throw e;
  }
}

/** One member's own archive status: their membership item and their roster entry. */
export async function setMemberStatus(
  group: GroupRecord,
  entry: RosterEntry,
  status: GroupStatus,
  set: Parameters<typeof saveGroup>[1] = {},
) {
  if (!entry.userId) throw new ValidationError({ status: 'Only members who joined can be archived.' });
  const members = { ...group.members, [entry.memberId]: { ...entry, memberStatus: status } };
  try {
    await transact(({ group: gE, membership }) => [
      gE
        .patch({ groupId: group.groupId })
        .set({ ...set, members, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      membership.patch({ userId: entry.userId!, groupId: group.groupId }).set({ status }).commit(),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError) throw staleGroup();
    throw e;
  }
}

export async function viewFor(actor: Actor, groupId: string): Promise<GroupView> {
  const [user, memberships, group] = await Promise.all([
    getUser(actor),
    listMemberships(actor.userId),
    loadGroup(groupId),
  ]);
  const index = memberships.findIndex((m) => m.groupId === groupId);
  memberOf(group, actor);
  return groupView(group!, memberships[index]!, user, index);
}

/**
 * DELETE /user/group/{id}: resumable and idempotent (docs/data-model.md). First the group is marked
 * `deleting` (conditional on the version read): from then on it is gone for every read and no roster
 * change can land. Then its traces go in batches — memberships with their members' counters in
 * transactions of at most 100 writes (a membership is removed only if it still exists, so a member
 * is never counted out twice), invitation items in BatchWriteItem calls of 25 — and last the group
 * item with its owner's counters, in one transaction. A call cut short anywhere is finished by
 * sending the delete again: the marked group is still found, and each step skips what is done.
 */
export async function deleteGroup(actor: Actor, groupId: string): Promise<void> {
  const group = (await GroupEntity.get({ groupId }).go()).data;
  const me = memberOf(group, actor);
  requirePermission(me, 'group.deleteGroup');
  if (group!.isPrivate) throw new ValidationError({ group: 'The Private group cannot be deleted.' });
  let g = group!;
  if (!g.deleting) {
    try {
      await GroupEntity.patch({ groupId })
        .set({ deleting: true, version: g.version + 1 })
        .where(({ version }, { eq }) => eq(version, g.version))
        .go({ response: 'none' });
    } catch (e) {
      if (isConditionFailed(e)) throw staleGroup();
      throw e;
    }
    g = { ...g, deleting: true, version: g.version + 1 };
  }
  await dropMemberships(g);
  const keys = [...new Set(rosterEntries(g).flatMap((m) => (m.keyHash ? [m.keyHash] : [])))];
  for (const batch of chunks(keys, MAX_BATCH_WRITE_ITEMS)) {
    const r = await InvitationEntity.delete(batch.map((keyHash) => ({ keyHash }))).go();
    if (r.unprocessed.length)
      throw new Error('Some invitations of the group could not be deleted; try again.');
  }
  try {
    await transact(({ group: gE, user: uE }) => [
      gE
        .remove({ groupId })
        .where(({ deleting }, { eq }) => eq(deleting, true))
        .commit(),
      uE
        .patch({ userId: g.createdBy })
        .subtract(
          g.status === GROUP_STATUS.active
            ? { ownedGroupCount: 1, ownedGroupTotalCount: 1 }
            : { ownedGroupTotalCount: 1 },
        )
        .commit(),
    ]);
  } catch (e) {
    // Finished meanwhile by another call: the group item is gone, and so are its counts.
    if (!(e instanceof TransactionCanceledError && e.failedAt(0))) throw e;
  }
}

/** The accepted members' memberships that still exist, removed with their counters, 50 to a transaction. */
async function dropMemberships(group: GroupRecord): Promise<void> {
  const joined = [
    ...new Set(
      rosterEntries(group).flatMap((m) => (m.userId && m.invitationStatus === 'accepted' ? [m.userId] : [])),
    ),
  ];
  for (let attempt = 1; ; attempt++) {
    const read = await getItems(
      joined.map((userId) => item<MembershipRecord>(MembershipEntity, { userId, groupId: group.groupId })),
    );
    const left = read.flatMap((m) => (m ? [m.userId] : []));
    if (left.length === 0) return;
    try {
      for (const batch of chunks(left, MAX_TRANSACTION_ITEMS / 2)) {
        await transact(({ membership, user }) =>
          batch.flatMap((userId) => [
            membership.remove({ userId, groupId: group.groupId }).commit(),
            user.patch({ userId }).subtract({ groupMembershipCount: 1 }).commit(),
          ]),
        );
      }
      return;
    } catch (e) {
      // Another delete of the same group took some of them first: read what is left and go on.
      if (!(e instanceof TransactionCanceledError) || attempt >= 3) throw e;
    }
  }
}

export async function orderGroup(actor: Actor, groupId: string, nextIndex: number) {
  const memberships = await listMemberships(actor.userId);
  const moving = memberships.find((m) => m.groupId === groupId);
  if (!moving) throw new NotFoundError();
  const rest = memberships.filter((m) => m.groupId !== groupId);
  const at = Math.min(nextIndex, rest.length);
  const orderKey = generateKeyBetween(rest[at - 1]?.orderKey ?? null, rest[at]?.orderKey ?? null);
  await MembershipEntity.patch({ userId: actor.userId, groupId }).set({ orderKey }).go({ response: 'none' });
  return { groupId, userOrder: at };
}
