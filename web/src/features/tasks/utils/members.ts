/**
 * The task members tab (spec 000 §2): members grouped by user with their roles. Assignees and
 * pending invitees come as one row each per role; a person is one row with all their roles. The
 * task's creator is listed first with the creator role even when they are not among the assignees
 * (assignment lists exclude the creator, spec 000 §6).
 */
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';

export interface TaskMemberRow {
  key: string;
  name: string;
  email: string;
  roles: RoleId[];
  /** Invited, not yet accepted: the invitation status (Pending, Expired…). */
  pendingStatus: string | null;
}

type MembersOf = Pick<TaskView, 'user' | 'taskAssignees' | 'pendingAssignees'>;

export function taskMembersByUser(task: MembersOf): TaskMemberRow[] {
  const rows = new Map<string, TaskMemberRow>();
  const add = (key: string, base: Omit<TaskMemberRow, 'key' | 'roles'>, role: RoleId) => {
    const row = rows.get(key) ?? { key, ...base, roles: [] };
    if (!row.roles.includes(role)) row.roles.push(role);
    if (!row.name && base.name) row.name = base.name;
    if (!row.email && base.email) row.email = base.email;
    rows.set(key, row);
  };
  add(`u:${task.user.id}`, { name: task.user.name, email: '', pendingStatus: null }, ROLES.creator);
  for (const a of task.taskAssignees) {
    const key = a.user ? `u:${a.user}` : `e:${a.email.toLowerCase()}`;
    add(key, { name: a.assigneeName, email: a.email, pendingStatus: null }, a.role);
  }
  for (const p of task.pendingAssignees) {
    const key = `e:${p.email.toLowerCase()}`;
    add(key, { name: '', email: p.email, pendingStatus: p.status }, p.role);
  }
  const strength = (r: TaskMemberRow) => Math.min(...r.roles.map(roleRank));
  return [...rows.values()]
    .map((r) => ({ ...r, roles: [...r.roles].sort((a, b) => roleRank(a) - roleRank(b)) }))
    .sort(
      (a, b) =>
        strength(a) - strength(b) ||
        (a.name || a.email).localeCompare(b.name || b.email, undefined, { sensitivity: 'base' }),
    );
}

const RANK: RoleId[] = [
  ROLES.creator,
  ROLES.superadmin,
  ROLES.admin,
  ROLES.editor,
  ROLES.standard,
  ROLES.viewer,
];
const roleRank = (r: RoleId) => {
  const i = RANK.indexOf(r);
  return i < 0 ? RANK.length : i;
};
