import type { GroupView } from '@tandem/shared/groups/views';
import { describe, expect, it } from 'vitest';
import {
  allEditors,
  assigneeOptions,
  assigneesPayload,
  canChooseDelegation,
  delegationTypeFor,
  effectiveAssignees,
  grantEditor,
  inviteProblem,
  pickUsers,
} from '../src/features/delegation/utils/assignees.ts';

const member = (user: string | null, name: string, email: string, invitationStatus = 'accepted') => ({
  id: `m-${email}`,
  email,
  user,
  name,
  avatar: null,
  role: 6 as const,
  roleTitle: 'editor',
  invitationStatus,
  status: 'active' as const,
  createdAt: '',
});
const group = {
  groupMembers: [
    member('u-zed', 'Zed', 'zed@example.com'),
    member('u-me', 'Me Myself', 'me@example.com'),
    member(null, '', 'invitee@example.com', 'pending'),
    member('u-amy', 'Amy', 'amy@example.com'),
    member('u-old', 'Old', 'old@example.com', 'refused'),
  ],
} as unknown as GroupView;

describe('assignee choices (spec 000 §2, §6)', () => {
  it('offers only accepted members with an account, the caller first', () => {
    expect(assigneeOptions(group, 'u-me').map((o) => o.user)).toEqual(['u-me', 'u-amy', 'u-zed']);
    expect(assigneeOptions(undefined, 'u-me')).toEqual([]);
  });

  it('starts with the creator as editor, and keeps picks to the chosen group', () => {
    const options = assigneeOptions(group, 'u-me');
    expect(effectiveAssignees(null, 'u-me', options)).toEqual([{ user: 'u-me', role: 6 }]);
    expect(effectiveAssignees(null, 'u-stranger', options)).toEqual([]);
    expect(
      effectiveAssignees(
        [
          { user: 'u-amy', role: 5 },
          { user: 'u-gone', role: 6 },
        ],
        'u-me',
        options,
      ),
    ).toEqual([{ user: 'u-amy', role: 5 }]);
  });

  it('new picks are standard, the creator editor, and earlier picks keep their role', () => {
    expect(pickUsers([{ user: 'u-amy', role: 6 }], ['u-amy', 'u-zed', 'u-me'], 'u-me')).toEqual([
      { user: 'u-amy', role: 6 },
      { user: 'u-zed', role: 5 },
      { user: 'u-me', role: 6 },
    ]);
  });

  it('Grant editor permissions sets editor for every assignee and invitee, and back', () => {
    const assignees = [
      { user: 'u-me', role: 6 as const },
      { user: 'u-amy', role: 5 as const },
    ];
    const invites = [{ email: 'x@example.com', role: 5 as const }];
    expect(allEditors(assignees, invites, 'u-me')).toBe(false);
    const on = grantEditor(assignees, invites, true, 'u-me');
    expect(on.assignees.map((a) => a.role)).toEqual([6, 6]);
    expect(on.invites.map((a) => a.role)).toEqual([6]);
    expect(allEditors(on.assignees, on.invites, 'u-me')).toBe(true);
    const off = grantEditor(on.assignees, on.invites, false, 'u-me');
    expect(off.assignees).toEqual([
      { user: 'u-me', role: 6 },
      { user: 'u-amy', role: 5 },
    ]);
    // Nobody but the creator: nothing to grant.
    expect(allEditors([{ user: 'u-me', role: 6 }], [], 'u-me')).toBe(false);
  });

  it('sends IP for individual, SH for several people, SI for one', () => {
    const one = [{ user: 'u-me', role: 6 as const }];
    const two = [...one, { user: 'u-amy', role: 5 as const }];
    expect(delegationTypeFor('individual', one, [])).toBe('IP');
    expect(delegationTypeFor('shared', one, [])).toBe('SI');
    expect(delegationTypeFor('shared', two, [])).toBe('SH');
    expect(delegationTypeFor('shared', one, [{ email: 'x@example.com', role: 5 }])).toBe('SH');
    expect(assigneesPayload(two, 'shared', [])).toEqual({
      taskAssignees: [
        { user: 'u-me', role: 6 },
        { user: 'u-amy', role: 5 },
      ],
      delegationType: 'SH',
    });
  });

  it('the delegation toggle needs the assignee and delegation-type permissions', () => {
    expect(canChooseDelegation(['task.taskAssignees', 'task.delegationType'])).toBe(true);
    expect(canChooseDelegation(['task.delegationType'])).toBe(false);
    expect(canChooseDelegation(undefined)).toBe(false);
  });
});

describe('inviting by e-mail', () => {
  const ctx = {
    assigneeEmails: ['Amy@example.com'],
    invited: [
      { email: 'p@example.com', status: 'pending' },
      { email: 'r@example.com', status: 'refused' },
      { email: 'q@example.com' },
    ],
  };
  it('refuses a bad address, an assignee and someone already invited', () => {
    expect(inviteProblem('nope', ctx)).toBe('invalid');
    expect(inviteProblem('a@b', ctx)).toBe('invalid');
    expect(inviteProblem('amy@example.com', ctx)).toBe('assignee');
    expect(inviteProblem('P@example.com ', ctx)).toBe('invited');
    expect(inviteProblem('q@example.com', ctx)).toBe('invited');
  });
  it('lets a declined invitation be sent again, and a new address through', () => {
    expect(inviteProblem('r@example.com', ctx)).toBeNull();
    expect(inviteProblem('new@example.com', ctx)).toBeNull();
  });
});
