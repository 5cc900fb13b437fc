/**
 * The task members tab (spec 000 §2, §5, §6; 002 §6): members grouped by user with their roles, the
 * project manager's choices and the add-role check. Assignees and pending invitees come as one row
 * each per role; a person is one row with all their roles. The task's creator is listed first with
 * the creator role even when they are not among the assignees (assignment lists exclude the
 * creator, spec 000 §6). Roles given on the task itself (GET /user/task/role) join the person's row
 * and can be changed or removed there.
 */
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { GroupMemberView } from '@tandem/shared/groups/views';
import type { TaskView } from '@tandem/shared/tasks/views';

/** A role given on a task (GET /user/task/role, camelCase here). */
export interface TaskRoleView {
  id: string;
  user: string;
  role: RoleId;
  roleTitle: string;
  task: string;
  createdAt: string;
}

export interface TaskMemberRow {
  key: string;
  /** The person's user id, when they have an account. */
  user: string | null;
  name: string;
  email: string;
  /** Roles from being the creator, an assignee or an invitee (strongest first). */
  roles: RoleId[];
  /** The role given on the task itself, changeable and removable in the tab. */
  taskRole: { id: string; role: RoleId } | null;
  /** Invited, not yet accepted: the invitation status (Pending, Expired…). */
  pendingStatus: string | null;
}

type MembersOf = Pick<TaskView, 'user' | 'taskAssignees' | 'pendingAssignees'>;

/** Who a user id is when the task itself does not say: the group's roster. */
export type Roster = ReadonlyArray<Pick<GroupMemberView, 'user' | 'name' | 'email' | 'invitationStatus'>>;

export function taskMembersByUser(
  task: MembersOf,
  taskRoles: readonly TaskRoleView[] = [],
  roster: Roster = [],
): TaskMemberRow[] {
  const rows = new Map<string, TaskMemberRow>();
  const add = (
    key: string,
    base: Pick<TaskMemberRow, 'user' | 'name' | 'email' | 'pendingStatus'>,
    role: RoleId | null,
  ) => {
    const row = rows.get(key) ?? { key, ...base, roles: [], taskRole: null };
    if (role !== null && !row.roles.includes(role)) row.roles.push(role);
    if (!row.name && base.name) row.name = base.name;
    if (!row.email && base.email) row.email = base.email;
    rows.set(key, row);
    return row;
  };
  add(
    `u:${task.user.id}`,
    { user: task.user.id, name: task.user.name, email: '', pendingStatus: null },
    ROLES.creator,
  );
  for (const a of task.taskAssignees) {
    const key = a.user ? `u:${a.user}` : `e:${a.email.toLowerCase()}`;
    add(key, { user: a.user, name: a.assigneeName, email: a.email, pendingStatus: null }, a.role);
  }
  for (const p of task.pendingAssignees) {
    const key = `e:${p.email.toLowerCase()}`;
    add(key, { user: null, name: '', email: p.email, pendingStatus: p.status }, p.role);
  }
  for (const r of taskRoles) {
    const known = roster.find((m) => m.user === r.user);
    const row = add(
      `u:${r.user}`,
      { user: r.user, name: known?.name ?? '', email: known?.email ?? '', pendingStatus: null },
      null,
    );
    row.taskRole = { id: r.id, role: r.role };
  }
  const strength = (r: TaskMemberRow) =>
    Math.min(...[...r.roles, ...(r.taskRole ? [r.taskRole.role] : [])].map(roleRank));
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

export interface PersonOption {
  value: string;
  label: string;
}

const personLabel = (name: string, email: string) => name || email;

/** Project manager choices (002 §6): the creator, then the assignees with an account, once each. */
export function managerChoices(task: Pick<TaskView, 'user' | 'taskAssignees'>): PersonOption[] {
  const out: PersonOption[] = [{ value: task.user.id, label: task.user.name || task.user.id }];
  for (const a of task.taskAssignees) {
    if (!a.user || out.some((o) => o.value === a.user)) continue;
    out.push({ value: a.user, label: personLabel(a.assigneeName, a.email) });
  }
  return out;
}

/**
 * Who can be given a role on the task: accepted members of its group and its assignees (the
 * server's rule), not the creator (who keeps the creator role) and not someone already holding a
 * task role (their row changes it instead).
 */
export function roleCandidates(
  task: Pick<TaskView, 'user' | 'taskAssignees'>,
  taskRoles: readonly Pick<TaskRoleView, 'user'>[],
  roster: Roster,
): PersonOption[] {
  const out: PersonOption[] = [];
  const taken = new Set([task.user.id, ...taskRoles.map((r) => r.user)]);
  const push = (user: string | null, name: string, email: string) => {
    if (!user || taken.has(user)) return;
    taken.add(user);
    out.push({ value: user, label: personLabel(name, email) });
  };
  for (const a of task.taskAssignees) push(a.user, a.assigneeName, a.email);
  for (const m of roster) if (m.invitationStatus === 'accepted') push(m.user, m.name, m.email);
  return out.sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** Roles a task role can be (the server's TASK_ROLE_CHOICES), strongest first. */
export const TASK_ROLE_CHOICES: readonly RoleId[] = [ROLES.admin, ROLES.editor, ROLES.standard, ROLES.viewer];

/**
 * The caller's role on the task, the way the server reads it: creator, then a role given on the
 * task, then the assignee's role, then the group role. Null when none applies.
 */
export function callerTaskRole(
  task: Pick<TaskView, 'user' | 'taskAssignees'>,
  me: string | undefined,
  taskRoles: readonly Pick<TaskRoleView, 'user' | 'role'>[],
  groupRole: RoleId | undefined,
): RoleId | null {
  if (!me) return null;
  if (task.user.id === me) return ROLES.creator;
  const given = taskRoles.find((r) => r.user === me);
  if (given) return given.role;
  const assignee = task.taskAssignees.find((a) => a.user === me);
  if (assignee) return assignee.role;
  return groupRole ?? null;
}

/** Admin is given only by the task's creator or a superadmin; the other roles by anyone managing roles. */
export const roleChoicesFor = (callerRole: RoleId | null): RoleId[] =>
  callerRole === ROLES.creator || callerRole === ROLES.superadmin
    ? [...TASK_ROLE_CHOICES]
    : TASK_ROLE_CHOICES.filter((r) => r !== ROLES.admin);

export type RoleDraftError = 'person' | 'role';

/** Adding a role needs a person and a role (spec 000 §5): each missing one is an error of its own. */
export function roleDraftErrors(draft: {
  user: string | null;
  role: RoleId | null;
}): Partial<Record<RoleDraftError, true>> {
  const out: Partial<Record<RoleDraftError, true>> = {};
  if (!draft.user) out.person = true;
  if (draft.role === null) out.role = true;
  return out;
}

/** Assigning a project manager needs a person (spec 000 §5). */
export const managerDraftError = (user: string | null): boolean => !user;
