/**
 * The roster of a group, embedded in the group item (db/entities/group.ts), and the rules read from
 * it: who the caller is in the group, what they may do, how many creators remain.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateGroupInput,
  can,
  effectiveInvitationStatus,
  GROUP_STATUS,
  type GroupMemberView,
  PERMISSIONS,
  type Permission,
  PRIVATE_GROUP_TITLE,
  ROLES,
  type RoleId,
  roleName,
} from '@tandem/shared';
import { GroupEntity, type RosterEntry } from '../../db/entities/group.ts';
import { MembershipEntity } from '../../db/entities/membership.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { avatarKey } from '../../lib/avatar-urls.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { UserRecord } from './users.ts';

export type { RosterEntry };

/**
 * A group as stored: the entity's item type (its metadata and embedded roster typed there). `deleting`:
 * a delete has begun (core/groups/groups.ts deleteGroup), gone for everyone, its traces going.
 */
export type GroupRecord = StoredItem<typeof GroupEntity>;

/** Member ids carry their group's id, so /group/member/{id} finds the group with one read. */
export const newMemberId = (groupId: string) => `${groupId}~${randomBytes(6).toString('hex')}`;
export const groupIdOfMember = (memberId: string) => memberId.split('~')[0] ?? '';

export const rosterEntries = (g: GroupRecord) => Object.values(g.members);

/** The caller's own accepted entry, or 404: a non-member may not learn the group exists. */
export function memberOf(g: GroupRecord | null, actor: Actor): RosterEntry {
  const me =
    g && rosterEntries(g).find((m) => m.userId === actor.userId && m.invitationStatus === 'accepted');
  if (!me) throw new NotFoundError();
  return me;
}

export function requirePermission(me: RosterEntry, permission: Permission, field?: string): void {
  if (!can(me.role, permission)) throw new ForbiddenError(field);
}

export const creatorCount = (g: GroupRecord) =>
  rosterEntries(g).filter((m) => m.role === ROLES.creator && m.invitationStatus === 'accepted').length;

/** Entries that hold a seat against the owner's member limit: all but refused invitations. */
export const seatCount = (g: GroupRecord) =>
  rosterEntries(g).filter((m) => m.invitationStatus !== 'refused').length;

export const findByEmail = (g: GroupRecord, email: string) => rosterEntries(g).find((m) => m.email === email);

export function memberView(m: RosterEntry, now: Date): GroupMemberView {
  return {
    id: m.memberId,
    email: m.email,
    user: m.userId,
    name: m.name || m.email,
    avatar: m.userId ? avatarKey(m.userId, m.avatarId) : null,
    role: m.role,
    roleTitle: roleName(m.role),
    invitationStatus: m.expiresAt
      ? effectiveInvitationStatus(m.invitationStatus, m.expiresAt, now)
      : m.invitationStatus,
    status: m.memberStatus === 2 ? 'inactive' : 'active',
    createdAt: m.createdAt,
  };
}

/** The person's avatar id as a copy to keep beside their name: `{ avatarId }`, or nothing. */
export const avatarIdOf = (u: { config?: Pick<UserRecord['config'], 'avatar'> }): { avatarId?: string } =>
  u.config?.avatar?.id ? { avatarId: u.config.avatar.id } : {};

export const permissionsOf = (role: RoleId): Permission[] => [...PERMISSIONS[roleName(role)]];

export const displayName = (u: Pick<UserRecord, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || '';

/** What stands for a sender with no name in the words we send (mails, pushes). */
export const UNNAMED_SENDER = 'Someone';

/** The sender's name as told to others: the name, or "Someone" when it is missing or blank. */
export const senderName = (name: string | null | undefined): string => name?.trim() || UNNAMED_SENDER;

/** The items of a brand-new group and its creator's membership. */
export function newGroupItems(
  creator: Pick<UserRecord, 'userId' | 'email' | 'firstName' | 'lastName' | 'subscription'> & {
    config?: Pick<UserRecord['config'], 'avatar'>;
  },
  input: CreateGroupInput,
  orderKey: string,
  isPrivate = false,
) {
  const groupId = randomUUID();
  const memberId = newMemberId(groupId);
  const now = new Date().toISOString();
  const entry: RosterEntry = {
    memberId,
    userId: creator.userId,
    email: creator.email ?? '',
    name: displayName(creator),
    ...avatarIdOf(creator),
    role: ROLES.creator,
    invitationStatus: 'accepted',
    memberStatus: GROUP_STATUS.active,
    createdAt: now,
  };
  return {
    group: {
      groupId,
      title: input.title,
      description: input.description,
      metadata: input.metadata,
      status: GROUP_STATUS.active as number,
      createdBy: creator.userId,
      ownerName: entry.name,
      ownerPackage: creator.subscription.package,
      isPrivate,
      members: { [memberId]: entry },
      version: 1,
    },
    membership: {
      userId: creator.userId,
      groupId,
      memberId,
      role: ROLES.creator as number,
      status: GROUP_STATUS.active as number,
      orderKey,
    },
  };
}

export const privateGroupInput: CreateGroupInput = {
  title: PRIVATE_GROUP_TITLE,
  description: '',
  metadata: { color: '#7EC242', icon: 'home' },
};

/** A person's membership as stored (db/entities/membership.ts): their order and own archive status. */
export type MembershipRecord = StoredItem<typeof MembershipEntity>;

/** The group, or null when there is none or its delete has begun. */
export async function loadGroup(groupId: string): Promise<GroupRecord | null> {
  if (!groupId) return null;
  const group = (await GroupEntity.get({ groupId }).go()).data;
  return group?.deleting ? null : group;
}

export async function listMemberships(userId: string): Promise<MembershipRecord[]> {
  const r = await MembershipEntity.query.byUser({ userId }).go({ pages: 'all' });
  return r.data.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
}

export const staleGroup = () =>
  new ConflictError('The group was changed by someone else. Reload and try again.');
