/**
 * What the group calls answer (camelCase here, snake_case on the wire). GET /group/member returns the
 * caller's groups in the caller's order, each with its roster: members and invitees with their roles
 * and invitation statuses, and the caller's own role, membership status and permissions.
 */

import type { LimitEvent, LimitStatus } from '../user/limits.ts';
import type { SubscriptionPackage, SubscriptionStatus } from '../user/subscription.ts';
import type { GroupIcon, GroupStatus } from './group.ts';
import type { InvitationStatus } from './invitations.ts';
import type { Permission, RoleId } from './roles.ts';

export interface GroupMemberView {
  /** Member id, used by PATCH/DELETE /group/member/{id}. */
  id: string;
  email: string;
  /** The member's user id once they have an account and accepted; null for invitees. */
  user: string | null;
  name: string;
  avatar: string | null;
  role: RoleId;
  roleTitle: string;
  invitationStatus: InvitationStatus;
  /** 'inactive' when the member archived the group for themselves. */
  status: 'active' | 'inactive';
  createdAt: string;
}

export interface GroupView {
  id: string;
  title: string;
  description: string;
  metadata: { color: string; icon: GroupIcon };
  /** The group's own status: 1 active, 2 archived (for everyone). */
  status: GroupStatus;
  /** The caller's membership: 1 active, 2 archived for the caller only. */
  memberStatus: GroupStatus;
  isPrivate: boolean;
  /** The caller's default (favourite) group. */
  isDefault: boolean;
  /** Position in the caller's order, from 0. */
  userOrder: number;
  role: RoleId;
  permissions: Permission[];
  owner: { id: string; name: string };
  /** Members and invitees counted against the owner's member limit, and that limit. */
  memberCount: number;
  memberLimit: number;
  groupMembers: GroupMemberView[];
  createdAt: string;
}

export interface InvitationRequestView {
  email: string;
  role: RoleId;
  roleTitle: string;
  status: InvitationStatus;
  expiresAt: string;
  group: { id: string; title: string; metadata: { color: string; icon: GroupIcon } };
  inviter: { name: string; email: string };
}

export interface InvitationAnswerView {
  status: InvitationStatus;
  /** Whether the invitee already has an account; when not, membership starts at sign-up. */
  hasAccount: boolean;
  email: string;
  group: { id: string; title: string };
}

export interface CategoryView {
  id: string;
  title: string;
  description: string;
  metadata: { color: string; icon: GroupIcon };
  categoryGroups: string[];
  createdAt: string;
}

export interface LimitDetailView {
  event: LimitEvent;
  title: string;
  limit: number;
  currentCount?: number;
  currentStorage?: number;
  package: SubscriptionPackage;
  hasAccess: boolean;
  status: LimitStatus;
}

export interface LimitsView {
  status: LimitStatus;
  currentStatus: SubscriptionStatus;
  package: SubscriptionPackage;
  results: LimitDetailView[];
}

/** detail of a 400 that refuses a write over a limit (spec 001 §7: detail.current_status). */
export interface LimitRefusalDetail {
  currentStatus: LimitStatus;
  event: LimitEvent;
  limit: number;
  currentCount: number;
  message: string;
}

export interface RolePermissionsView {
  results: Array<{ role: RoleId; title: string; permissions: Permission[]; grantable: RoleId[] }>;
}
