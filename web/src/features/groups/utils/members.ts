/**
 * Rules of the group form's member list (spec 000 §4 invitation status, §5 members, §6 roles),
 * kept pure so they are tested without a browser.
 */
import {
  countsForPendingBadge,
  type InvitationStatus,
  normaliseEmail,
} from '@tandem/shared/groups/invitations';
import { grantableRoles, ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { GroupMemberView, RolePermissionsView } from '@tandem/shared/groups/views';

/** The pending badge of a group row: invitees still pending, expired or refused. */
export const pendingBadgeCount = (
  members: ReadonlyArray<Pick<GroupMemberView, 'invitationStatus'>>,
): number => members.filter((m) => countsForPendingBadge(m.invitationStatus)).length;

/** Sections of the member list, in the order shown. */
export const MEMBER_SECTIONS: readonly InvitationStatus[] = [
  'accepted',
  'pending',
  'expired',
  'refused',
  'on-hold',
];

export function membersByStatus<M extends Pick<GroupMemberView, 'invitationStatus' | 'role' | 'email'>>(
  members: readonly M[],
): Array<{ status: InvitationStatus; members: M[] }> {
  return MEMBER_SECTIONS.map((status) => ({
    status,
    // The creator first, then by e-mail, so a list does not jump around between loads.
    members: members
      .filter((m) => m.invitationStatus === status)
      .sort(
        (a, b) =>
          Number(b.role === ROLES.creator) - Number(a.role === ROLES.creator) ||
          a.email.localeCompare(b.email),
      ),
  })).filter((s) => s.members.length > 0);
}

/** Roles the caller may give, from the server's table, or the shared table while it loads. */
export function grantableFor(table: RolePermissionsView | undefined, role: RoleId): RoleId[] {
  const row = table?.results.find((r) => r.role === role);
  return row ? row.grantable : grantableRoles(role);
}

export interface InviteDraft {
  email: string;
  role: RoleId;
}

/** Adding an e-mail already in the list replaces its role (spec 000 §5); e-mails are lowercased. */
export function upsertInvite(list: readonly InviteDraft[], draft: InviteDraft): InviteDraft[] {
  const email = normaliseEmail(draft.email);
  const i = list.findIndex((d) => d.email === email);
  if (i === -1) return [...list, { email, role: draft.role }];
  return list.map((d, j) => (j === i ? { email, role: draft.role } : d));
}
