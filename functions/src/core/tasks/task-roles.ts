/**
 * Roles given on a task (the task members tab; spec 000 §2, §6): a person can hold a role on one
 * task that differs from their group role — it comes first when their rights on that task are read.
 * Managing them needs `task.manageRole`; admin is given only by the task's creator or a superadmin;
 * nobody is given the creator role. A person holds one role per task: giving another replaces it.
 */
import { randomBytes } from 'node:crypto';
import { ROLES, type RoleId, roleName } from '@tandem/shared';
import { TaskEntity } from '../../db/entities/task.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { GroupRecord } from '../access/roster.ts';
import { requireTaskPermission, type TaskRecord, type TaskRole, taskFor } from '../access/task-access.ts';

export const TASK_ROLE_CHOICES: readonly RoleId[] = [ROLES.admin, ROLES.editor, ROLES.standard, ROLES.viewer];

const taskIdOf = (roleId: string) => roleId.split('~')[0] ?? '';

/** The person's name from the task's assignees or its group's roster. */
const nameOf = (task: TaskRecord, group: GroupRecord | null, userId: string) =>
  task.assignees[userId]?.name ??
  Object.values(group?.members ?? {}).find((m) => m.userId === userId)?.name ??
  '';

const view = (task: TaskRecord, r: TaskRole, group: GroupRecord | null = null) => ({
  id: r.id,
  user: r.userId,
  name: nameOf(task, group, r.userId),
  role: r.role,
  roleTitle: roleName(r.role),
  task: task.taskId,
  createdAt: r.createdAt,
});

function assertMayGive(callerRole: RoleId, role: RoleId) {
  requireTaskPermission(callerRole, 'task.manageRole', 'role');
  if (!TASK_ROLE_CHOICES.includes(role)) {
    throw new ValidationError({ role: 'Choose admin, editor, standard or viewer.' });
  }
  if (role === ROLES.admin && callerRole !== ROLES.creator && callerRole !== ROLES.superadmin) {
    throw new ForbiddenError('role', 'Only the task’s creator or a superadmin gives the admin role.');
  }
}

async function save(task: TaskRecord, roles: Record<string, TaskRole>) {
  try {
    await TaskEntity.patch({ taskId: task.taskId })
      .set({ roles, version: task.version + 1 })
      .where(({ version }, { eq }) => eq(version, task.version))
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) {
      throw new ConflictError('The task was changed by someone else. Reload and try again.');
    }
    throw e;
  }
}

export async function listTaskRoles(actor: Actor, taskId: string) {
  const { task, group } = await taskFor(actor, taskId);
  const results = Object.values(task.roles ?? {}).map((r) => view(task, r, group));
  return { count: results.length, results };
}

export async function giveTaskRole(actor: Actor, input: { task: string; user: string; role: RoleId }) {
  const { task, group, role } = await taskFor(actor, input.task);
  assertMayGive(role, input.role);
  if (input.user === task.createdBy)
    throw new ValidationError({ user: 'The creator keeps the creator role.' });
  const known =
    task.assignees[input.user] !== undefined ||
    Object.values(group?.members ?? {}).some(
      (m) => m.userId === input.user && m.invitationStatus === 'accepted',
    );
  if (!known)
    throw new ValidationError({ user: 'Give roles to members of the task’s group or its assignees.' });
  const existing = Object.values(task.roles ?? {}).find((r) => r.userId === input.user);
  const id = existing?.id ?? `${task.taskId}~${randomBytes(6).toString('hex')}`;
  const entry: TaskRole = {
    id,
    userId: input.user,
    role: input.role,
    createdAt: existing?.createdAt ?? new Date().toISOString(),
  };
  await save(task, { ...task.roles, [id]: entry });
  return view(task, entry, group);
}

export async function changeTaskRole(actor: Actor, id: string, role: RoleId) {
  const { task, role: callerRole } = await taskFor(actor, taskIdOf(id));
  const entry = task.roles?.[id];
  if (!entry) throw new NotFoundError();
  // The role sent unchanged is no change: nothing to permit, nothing to write.
  if (entry.role === role) return view(task, entry);
  assertMayGive(callerRole, role);
  const next = { ...entry, role };
  await save(task, { ...task.roles, [id]: next });
  return view(task, next);
}

export async function removeTaskRole(actor: Actor, id: string) {
  const { task, role } = await taskFor(actor, taskIdOf(id));
  if (!task.roles?.[id]) throw new NotFoundError();
  requireTaskPermission(role, 'task.manageRole', 'role');
  const { [id]: _gone, ...roles } = task.roles;
  await save(task, roles);
}
