import { GROUP_STATUS } from '@tandem/shared/groups/group';
import { ROLES } from '@tandem/shared/groups/roles';
import type { GroupView, RolePermissionsView } from '@tandem/shared/groups/views';
import { describe, expect, it } from 'vitest';
import { moveInList } from '../src/features/groups/api/order-groups.ts';
import { archiveAction, canDelete, visibleGroupIds } from '../src/features/groups/utils/group-state.ts';
import {
  grantableFor,
  membersByStatus,
  pendingBadgeCount,
  upsertInvite,
} from '../src/features/groups/utils/members.ts';

describe('pending badge', () => {
  it('counts pending, expired and refused invitees only', () => {
    const statuses = ['pending', 'expired', 'refused', 'on-hold', 'accepted', 'pending'] as const;
    expect(pendingBadgeCount(statuses.map((invitationStatus) => ({ invitationStatus })))).toBe(4);
    expect(pendingBadgeCount([])).toBe(0);
  });
});

describe('member list', () => {
  it('groups members by status, members first and the creator at the top', () => {
    const sections = membersByStatus([
      { email: 'z@x.io', role: ROLES.standard, invitationStatus: 'accepted' as const },
      { email: 'p@x.io', role: ROLES.viewer, invitationStatus: 'pending' as const },
      { email: 'y@x.io', role: ROLES.creator, invitationStatus: 'accepted' as const },
    ]);
    expect(sections.map((s) => [s.status, s.members.map((m) => m.email)])).toEqual([
      ['accepted', ['y@x.io', 'z@x.io']],
      ['pending', ['p@x.io']],
    ]);
  });

  it('replaces the role when an e-mail is added again, lowercased', () => {
    const once = upsertInvite([], { email: ' Ann@Example.com ', role: ROLES.viewer });
    expect(once).toEqual([{ email: 'ann@example.com', role: ROLES.viewer }]);
    expect(upsertInvite(once, { email: 'ANN@example.com', role: ROLES.editor })).toEqual([
      { email: 'ann@example.com', role: ROLES.editor },
    ]);
  });

  it("offers the roles the server's table lets the caller grant", () => {
    const table: RolePermissionsView = {
      results: [{ role: ROLES.admin, title: 'Admin', permissions: [], grantable: [ROLES.viewer] }],
    };
    expect(grantableFor(table, ROLES.admin)).toEqual([ROLES.viewer]);
    // Until the table loads, the shared one answers.
    expect(grantableFor(undefined, ROLES.viewer)).toEqual([]);
  });
});

describe('group archive and delete actions', () => {
  const base = {
    status: GROUP_STATUS.active,
    memberStatus: GROUP_STATUS.active,
    isPrivate: false,
    permissions: [],
  } as Pick<GroupView, 'status' | 'memberStatus' | 'isPrivate' | 'permissions'>;

  it('archives for everyone with group.status, otherwise only for the caller', () => {
    expect(archiveAction({ ...base, permissions: ['group.status'] })).toBe('archive');
    expect(archiveAction(base)).toBe('archiveForMe');
  });

  it('restores an archived membership, or the group with the permission', () => {
    expect(archiveAction({ ...base, memberStatus: GROUP_STATUS.archived })).toBe('restore');
    expect(archiveAction({ ...base, status: GROUP_STATUS.archived, permissions: ['group.status'] })).toBe(
      'restore',
    );
    expect(archiveAction({ ...base, status: GROUP_STATUS.archived })).toBeNull();
  });

  it('leaves groups archived for everyone or for the caller out of the selectable ones, in order', () => {
    type S = GroupView['status'];
    const g = (id: string, status: S, memberStatus: S) => ({ id, status, memberStatus });
    expect(
      visibleGroupIds([
        g('a', GROUP_STATUS.active, GROUP_STATUS.active),
        g('b', GROUP_STATUS.archived, GROUP_STATUS.active),
        g('c', GROUP_STATUS.active, GROUP_STATUS.archived),
        g('d', GROUP_STATUS.active, GROUP_STATUS.active),
      ]),
    ).toEqual(['a', 'd']);
  });

  it('never archives or deletes the Private group', () => {
    const own = {
      ...base,
      isPrivate: true,
      permissions: ['group.status', 'group.deleteGroup'],
    } as typeof base;
    expect(archiveAction(own)).toBeNull();
    expect(canDelete(own)).toBe(false);
    expect(canDelete({ ...own, isPrivate: false })).toBe(true);
  });
});

describe('group order', () => {
  it('moves one group and renumbers the order', () => {
    const g = (id: string, userOrder: number) => ({ id, userOrder }) as GroupView;
    const moved = moveInList([g('a', 0), g('b', 1), g('c', 2)], 'c', 0);
    expect(moved.map((x) => [x.id, x.userOrder])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });
});
