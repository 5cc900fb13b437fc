import type { TaskView } from '@tandem/shared/tasks/views';
import { describe, expect, it } from 'vitest';
import { clampPanelWidth } from '../src/features/tasks/hooks/use-task-form-place.ts';
import {
  callerTaskRole,
  managerChoices,
  managerDraftError,
  type Roster,
  roleCandidates,
  roleChoicesFor,
  roleDraftErrors,
  type TaskRoleView,
  taskMembersByUser,
} from '../src/features/tasks/utils/members.ts';
import { saveOptions } from '../src/features/tasks/utils/task-form.ts';

const assignee = (user: string | null, name: string, role: 5 | 6, email = `${name.toLowerCase()}@x.io`) => ({
  user,
  email,
  assigneeName: name,
  avatar: null,
  role,
  createdAt: '',
});

const task = {
  user: { id: 'u1', name: 'Ann Lee' },
  taskAssignees: [assignee('u1', 'Ann Lee', 6), assignee('u2', 'Bo', 5), assignee('u2', 'Bo', 6)],
  pendingAssignees: [{ id: 'p1', email: 'cy@x.io', role: 5, status: 'Pending', createdAt: '' }],
} as unknown as Pick<TaskView, 'user' | 'taskAssignees' | 'pendingAssignees'>;

const roster: Roster = [
  { user: 'u1', name: 'Ann Lee', email: 'ann@x.io', invitationStatus: 'accepted' },
  { user: 'u3', name: 'Dee', email: 'dee@x.io', invitationStatus: 'accepted' },
  { user: 'u4', name: 'Eli', email: 'eli@x.io', invitationStatus: 'accepted' },
  { user: null, name: '', email: 'new@x.io', invitationStatus: 'pending' },
];

const role = (id: string, user: string, r: 3 | 4 | 5 | 6): TaskRoleView => ({
  id,
  user,
  role: r,
  roleTitle: '',
  task: 't1',
  createdAt: '',
});

describe('project manager choices (002 §6)', () => {
  it('are the creator and the assignees, once each, creator first', () => {
    expect(managerChoices(task)).toEqual([
      { value: 'u1', label: 'Ann Lee' },
      { value: 'u2', label: 'Bo' },
    ]);
  });

  it('leave out assignees without an account', () => {
    const t = { ...task, taskAssignees: [assignee(null, 'Zed', 5)] };
    expect(managerChoices(t).map((c) => c.value)).toEqual(['u1']);
  });

  it('need a person to assign', () => {
    expect(managerDraftError(null)).toBe(true);
    expect(managerDraftError('u2')).toBe(false);
  });
});

describe('adding a role (spec 000 §5)', () => {
  it('needs a person and a role, each flagged on its own', () => {
    expect(roleDraftErrors({ user: null, role: null })).toEqual({ person: true, role: true });
    expect(roleDraftErrors({ user: 'u3', role: null })).toEqual({ role: true });
    expect(roleDraftErrors({ user: null, role: 6 })).toEqual({ person: true });
    expect(roleDraftErrors({ user: 'u3', role: 4 })).toEqual({});
  });

  it('offers accepted group members and assignees without a task role, never the creator', () => {
    expect(roleCandidates(task, [role('r1', 'u4', 4)], roster)).toEqual([
      { value: 'u2', label: 'Bo' },
      { value: 'u3', label: 'Dee' },
    ]);
  });

  it('offers admin only to the creator or a superadmin', () => {
    expect(roleChoicesFor(1)).toEqual([3, 6, 5, 4]);
    expect(roleChoicesFor(2)).toEqual([3, 6, 5, 4]);
    expect(roleChoicesFor(3)).toEqual([6, 5, 4]);
    expect(roleChoicesFor(null)).toEqual([6, 5, 4]);
  });

  it('reads the caller’s role like the server: creator, task role, assignee, group', () => {
    expect(callerTaskRole(task, 'u1', [], 3)).toBe(1);
    expect(callerTaskRole(task, 'u2', [role('r1', 'u2', 3)], 2)).toBe(3);
    expect(callerTaskRole(task, 'u2', [], 2)).toBe(5);
    expect(callerTaskRole(task, 'u3', [], 2)).toBe(2);
    expect(callerTaskRole(task, undefined, [], 2)).toBeNull();
  });
});

describe('members grouped by person', () => {
  it('joins task roles to the person’s row and names role holders from the roster', () => {
    const rows = taskMembersByUser(task, [role('r1', 'u2', 3), role('r2', 'u3', 4)], roster);
    expect(rows.map((r) => [r.name || r.email, r.roles, r.taskRole])).toEqual([
      ['Ann Lee', [1, 6], null],
      ['Bo', [6, 5], { id: 'r1', role: 3 }],
      ['cy@x.io', [5], null],
      ['Dee', [], { id: 'r2', role: 4 }],
    ]);
    expect(rows[3]!.email).toBe('dee@x.io');
    expect(rows[3]!.user).toBe('u3');
  });

  it('keeps a role holder the roster does not know, without a name', () => {
    const rows = taskMembersByUser(task, [role('r9', 'u9', 6)]);
    const row = rows.find((r) => r.user === 'u9')!;
    expect(row.name).toBe('');
    expect(row.taskRole).toEqual({ id: 'r9', role: 6 });
  });
});

describe('docked editor', () => {
  it('offers no Save and new', () => {
    expect(saveOptions({ docked: true, mode: 'active' })).toEqual(['save', 'saveAndClose']);
    expect(saveOptions({ docked: false, mode: 'active' })).toEqual(['save', 'saveAndNew', 'saveAndClose']);
  });

  it('keeps the panel between its limits and leaves room for the list', () => {
    expect(clampPanelWidth(100, 1600)).toBe(380);
    expect(clampPanelWidth(2000, 2400)).toBe(900);
    expect(clampPanelWidth(700, 1280)).toBe(640);
    expect(clampPanelWidth(500, 1024)).toBe(384);
  });
});
