/**
 * Members of a group (spec 000 §5, §6): invite by e-mail, change a role or a status, remove, cancel
 * or resend an invitation. Rules:
 * - inviting needs manageUser; the e-mail is lowercased; both e-mail and role are required;
 * - re-adding an e-mail already on the roster replaces its role (a refused or expired invitee gets a
 *   fresh invitation);
 * - admin and superadmin are granted only by a holder of manageAdmins; creator is never granted;
 * - a group always keeps at least one creator;
 * - the roster (members and invitees) is bounded by the owner's member limit.
 */
import {
  can,
  canResend,
  changedFields,
  effectiveInvitationStatus,
  GROUP_STATUS,
  type GroupStatus,
  type GroupView,
  type InviteMemberInput,
  ROLES,
  type RoleId,
} from '@tandem/shared';
import { getItems, item } from '../../db/batch-get.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { chunks, MAX_TRANSACTION_ITEMS, TransactionCanceledError, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { LimitReachedError, limitOf } from '../access/limits.ts';
import {
  creatorCount,
  findByEmail,
  type GroupRecord,
  groupIdOfMember,
  memberOf,
  newMemberId,
  type RosterEntry,
  requirePermission,
  seatCount,
} from '../access/roster.ts';
import { getUser } from '../user/user.ts';
import { groupFor, listMemberships, loadGroup, setMemberStatus, staleGroup, viewFor } from './groups.ts';
import { issueInvitation } from './invitations.ts';

/** Roles only a holder of manageAdmins may grant, change or remove. */
const ADMIN_ROLES: readonly RoleId[] = [ROLES.creator, ROLES.superadmin, ROLES.admin];
const LAST_CREATOR = 'A group always keeps at least one creator.';

/** The role change `me` may make on `target`, or a 403 naming the field. */
function assertMayAssign(me: RosterEntry, target: RosterEntry | null, role: RoleId) {
  requirePermission(me, 'groupMember.manageUser', 'role');
  const touchesAdmins = ADMIN_ROLES.includes(role) || (target !== null && ADMIN_ROLES.includes(target.role));
  if (touchesAdmins && !can(me.role, 'groupMember.manageAdmins')) {
    throw new ForbiddenError(
      'role',
      'Only members who manage admins can grant or change the admin and superadmin roles.',
    );
  }
  if (role === ROLES.creator && target?.role !== ROLES.creator) {
    throw new ForbiddenError('role', 'The creator role cannot be granted.');
  }
}

function assertKeepsCreator(group: GroupRecord, target: RosterEntry, nextRole: RoleId | null) {
  if (
    target.role === ROLES.creator &&
    target.invitationStatus === 'accepted' &&
    nextRole !== ROLES.creator &&
    creatorCount(group) <= 1
  ) {
    throw new ValidationError({ role: LAST_CREATOR }, LAST_CREATOR);
  }
}

async function ownerMemberLimit(group: GroupRecord) {
  const owner = (await UserEntity.get({ userId: group.createdBy }).go()).data;
  return limitOf(owner?.subscription?.package ?? group.ownerPackage, 'ownedGroupMemberAmount');
}

/** A request that lost a race with another write to the group reads it again, at most this often. */
const INVITE_ATTEMPTS = 5;

/**
 * Of concurrent invitations of one e-mail to one group, one writes the invitation and sends the
 * e-mail; the others read the group again and answer the invitation now on the roster (or 409 when
 * the group kept changing under them).
 */
export async function inviteMember(actor: Actor, input: InviteMemberInput): Promise<GroupView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inviteOnce(actor, input);
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= INVITE_ATTEMPTS) throw e;
    }
  }
}

async function inviteOnce(actor: Actor, input: InviteMemberInput): Promise<GroupView> {
  const { group, me } = await groupFor(actor, input.group);
  const existing = findByEmail(group, input.email);
  assertMayAssign(me, existing ?? null, input.role as RoleId);
  const role = input.role as RoleId;

  if (
    existing &&
    existing.invitationStatus !== 'refused' &&
    existing.invitationStatus !== 'expired' &&
    !isExpired(existing)
  ) {
    // Already on the roster: re-adding replaces the role.
    await changeRole(group, existing, role);
    return viewFor(actor, group.groupId);
  }
  if (!existing) {
    const limit = await ownerMemberLimit(group);
    const seats = seatCount(group);
    if (seats + 1 > limit) throw new LimitReachedError('ownedGroupMemberAmount', limit, seats);
  }
  const inviter = await getUser(actor);
  await issueInvitation(
    group,
    {
      memberId: existing?.memberId ?? newMemberId(group.groupId),
      userId: null,
      email: input.email,
      name: '',
      role,
      invitationStatus: 'pending',
      memberStatus: GROUP_STATUS.active,
      invitedBy: actor.userId,
      createdAt: existing?.createdAt ?? new Date().toISOString(),
    },
    inviter,
  );
  return viewFor(actor, group.groupId);
}

const isExpired = (m: RosterEntry) =>
  Boolean(m.expiresAt) &&
  effectiveInvitationStatus(m.invitationStatus, m.expiresAt!, new Date()) === 'expired';

/** Role on the roster, and on the membership or invitation item it mirrors. */
async function changeRole(group: GroupRecord, entry: RosterEntry, role: RoleId) {
  if (entry.role === role) return;
  assertKeepsCreator(group, entry, role);
  const members = { ...group.members, [entry.memberId]: { ...entry, role } };
  try {
    await transact(({ group: gE, membership, invitation }) => [
      gE
        .patch({ groupId: group.groupId })
        .set({ members, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      ...(entry.userId && entry.invitationStatus === 'accepted'
        ? [membership.patch({ userId: entry.userId, groupId: group.groupId }).set({ role }).commit()]
        : []),
      ...(entry.keyHash && entry.invitationStatus === 'pending'
        ? [invitation.patch({ keyHash: entry.keyHash }).set({ role }).commit()]
        : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError) throw staleGroup();
    throw e;
  }
}

async function entryFor(actor: Actor, memberId: string) {
  const group = await loadGroup(groupIdOfMember(memberId));
  const me = memberOf(group, actor);
  const target = group!.members[memberId];
  if (!target) throw new NotFoundError();
  return { group: group!, me, target };
}

export async function updateMember(
  actor: Actor,
  memberId: string,
  input: { role?: RoleId; status?: GroupStatus },
) {
  const { group, me, target } = await entryFor(actor, memberId);
  // Only a field that really changes needs its permission (shared/src/api/patch.ts).
  const changed = changedFields({ role: target.role, status: target.memberStatus }, input);
  if (changed.includes('role') && input.role !== undefined) {
    assertMayAssign(me, target, input.role);
    await changeRole(group, target, input.role);
  }
  if (changed.includes('status') && input.status !== undefined) {
    const self = target.memberId === me.memberId;
    if (!self) requirePermission(me, 'groupMember.status', 'status');
    const fresh = changed.includes('role') ? ((await loadGroup(group.groupId)) ?? group) : group;
    await setMemberStatus(fresh, fresh.members[memberId]!, input.status);
  }
  return viewFor(actor, group.groupId);
}

/** Removes a member or invitee; anyone may leave, removing others needs manageUser. */
export async function removeMember(actor: Actor, memberId: string): Promise<void> {
  const { group, me, target } = await entryFor(actor, memberId);
  if (target.memberId !== me.memberId) {
    requirePermission(me, 'groupMember.manageUser');
    if (ADMIN_ROLES.includes(target.role) && !can(me.role, 'groupMember.manageAdmins'))
      throw new ForbiddenError('role');
  }
  if (group.isPrivate) throw new ValidationError({ member: 'Nobody can leave their Private group.' });
  assertKeepsCreator(group, target, null);
  await dropEntry(group, target);
}

async function dropEntry(group: GroupRecord, target: RosterEntry) {
  const { [target.memberId]: _gone, ...members } = group.members;
  const joined = target.userId !== null && target.invitationStatus === 'accepted';
  try {
    await transact(({ group: gE, membership, user, invitation }) => [
      gE
        .patch({ groupId: group.groupId })
        .set({ members, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      ...(joined
        ? [
            membership.delete({ userId: target.userId!, groupId: group.groupId }).commit(),
            user.patch({ userId: target.userId! }).subtract({ groupMembershipCount: 1 }).commit(),
          ]
        : []),
      ...(target.keyHash ? [invitation.delete({ keyHash: target.keyHash }).commit()] : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError) throw staleGroup();
    throw e;
  }
}

/**
 * DELETE /group/member/invitation?email[&group]: withdraws invitations that are not yet accepted —
 * in one group, or in every group of the caller's where they manage members. The groups are read in
 * batches (100 a request); each group's roster and its invitation item change together, many groups
 * to a transaction (at most 100 writes). A group changed meanwhile is read again and tried again.
 */
export async function cancelInvitation(
  actor: Actor,
  email: string,
  groupId?: string,
): Promise<{ cancelled: number }> {
  let pending = groupId ? [groupId] : (await listMemberships(actor.userId)).map((m) => m.groupId);
  let cancelled = 0;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const groups = await getItems(pending.map((id) => item<GroupRecord>(GroupEntity, { groupId: id })));
    const drops: Array<{ group: GroupRecord; target: RosterEntry }> = [];
    for (const read of groups) {
      const group = read?.deleting ? null : read;
      // Of all the caller's groups, one they no longer belong to (or being deleted) is passed over.
      if (!groupId && !group?.members) continue;
      const me = memberOf(group, actor);
      const target = findByEmail(group!, email);
      if (!target || target.invitationStatus === 'accepted') {
        if (groupId) throw new NotFoundError('There is no open invitation for this e-mail in this group.');
        continue;
      }
      if (!can(me.role, 'groupMember.manageUser')) {
        if (groupId) throw new ForbiddenError();
        continue;
      }
      drops.push({ group: group!, target });
    }
    pending = [];
    // Two writes a group (its roster, its invitation item): fifty groups to a transaction.
    for (const chunk of chunks(drops, MAX_TRANSACTION_ITEMS / 2)) {
      try {
        await transact(({ group: gE, invitation }) =>
          chunk.flatMap(({ group, target }) => {
            const { [target.memberId]: _gone, ...members } = group.members;
            return [
              gE
                .patch({ groupId: group.groupId })
                .set({ members, version: group.version + 1 })
                .where(({ version }, { eq }) => eq(version, group.version))
                .commit(),
              ...(target.keyHash ? [invitation.delete({ keyHash: target.keyHash }).commit()] : []),
            ];
          }),
        );
        cancelled += chunk.length;
      } catch (e) {
        // Nothing of this transaction was written: its groups are read again and tried again.
        if (!(e instanceof TransactionCanceledError) || attempt >= CANCEL_ATTEMPTS) {
          throw e instanceof TransactionCanceledError ? staleGroup() : e;
        }
        pending.push(...chunk.map((d) => d.group.groupId));
      }
    }
  }
  return { cancelled };
}

/** A cancel that lost a race with other writes to its groups reads them again, at most this often. */
const CANCEL_ATTEMPTS = 3;

export async function resendInvitation(actor: Actor, groupId: string, email: string): Promise<GroupView> {
  const { group, me } = await groupFor(actor, groupId);
  requirePermission(me, 'groupMember.resendInvite');
  const target = findByEmail(group, email);
  if (!target) throw new NotFoundError('There is no invitation for this e-mail in this group.');
  const status = target.expiresAt
    ? effectiveInvitationStatus(target.invitationStatus, target.expiresAt, new Date())
    : target.invitationStatus;
  if (!canResend(status))
    throw new ValidationError({ email: 'Only pending or expired invitations can be sent again.' });
  await issueInvitation(group, target, await getUser(actor));
  return viewFor(actor, groupId);
}
