/**
 * Who may see a task and with which role: its creator (creator role), its assignees (their assignee
 * role: editor or standard), and the accepted members of its group (their group role). Anyone else
 * gets 404: a task's existence is not revealed. The role's permissions come from the one table in
 * shared (spec 000 §6).
 */
import {
  type CountedTask,
  can,
  effectiveInvitationStatus,
  isPinnedToToday,
  mayDeleteAll,
  PERMISSIONS,
  type Permission,
  ROLES,
  type RoleId,
  roleName,
  type ScheduledTaskView,
  TASK_STATUSES,
  type TaskView,
  TREE_MESSAGES,
} from '@tandem/shared';
import { GroupEntity } from '../../db/entities/group.ts';
import type { PlacementEntity } from '../../db/entities/placement.ts';
import {
  type PendingAssignee,
  type StoredSchedule,
  type TaskAssignee,
  TaskEntity,
  type TaskRole,
} from '../../db/entities/task.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { avatarKey } from '../../lib/avatar-urls.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { GroupRecord } from './roster.ts';

export type { PendingAssignee, StoredSchedule, TaskAssignee, TaskRole };

export const scheduleView = (taskId: string, s: StoredSchedule): ScheduledTaskView => {
  const { pendingAttendees, ...rest } = s;
  return {
    id: taskId,
    ...rest,
    pendingAttendees: (pendingAttendees ?? []).map(({ email, status }) => ({ email, status })),
  };
};

/** A task as stored: the entity's item type, with its embedded maps and schedule shaped. */
export type TaskRecord = StoredItem<typeof TaskEntity>;

/** A task on one person's lists, as stored (db/entities/placement.ts). */
export type PlacementRecord = StoredItem<typeof PlacementEntity>;

/** Everyone who has the task on their lists: its creator and its assignees. */
export const peopleOf = (t: Pick<TaskRecord, 'createdBy' | 'assignees'>) => [
  ...new Set([t.createdBy, ...Object.keys(t.assignees)]),
];

export async function loadTask(taskId: string): Promise<TaskRecord | null> {
  return (await TaskEntity.get({ taskId }).go()).data ?? null;
}

/** The caller's role on the task, or null when they may not see it. */
export function roleOn(task: TaskRecord, group: GroupRecord | null, actor: Actor): RoleId | null {
  if (task.createdBy === actor.userId) return ROLES.creator;
  // A role given on the task itself comes before the assignee's and the group's.
  const given = Object.values(task.roles ?? {}).find((r) => r.userId === actor.userId);
  if (given) return given.role;
  const assignee = task.assignees[actor.userId];
  if (assignee) return assignee.role;
  const member = group
    ? Object.values(group.members).find((m) => m.userId === actor.userId && m.invitationStatus === 'accepted')
    : undefined;
  return member ? member.role : null;
}

export async function taskFor(actor: Actor, taskId: string) {
  const task = await loadTask(taskId);
  if (!task) throw new NotFoundError();
  const group: GroupRecord | null = (await GroupEntity.get({ groupId: task.groupId }).go()).data;
  const role = roleOn(task, group, actor);
  if (role === null) throw new NotFoundError();
  return { task, group, role };
}

export function requireTaskPermission(role: RoleId, permission: Permission, field?: string) {
  if (!can(role, permission)) throw new ForbiddenError(field);
}

/** The groups of these ids, each read once (BatchGetItem). */
export async function groupsById(ids: string[]): Promise<Map<string, GroupRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const r = (await GroupEntity.get(unique.map((groupId) => ({ groupId }))).go()).data;
  return new Map(r.map((g) => [g.groupId, g]));
}

/**
 * Refuses, before anything is written, a delete that would take a task the caller may not delete:
 * every task of a deleted tree needs the caller's delete permission (spec 000 §6, issue 9).
 */
export async function requireDeleteAll(actor: Actor, tasks: TaskRecord[]): Promise<void> {
  const groups = await groupsById(tasks.map((t) => t.groupId));
  const roles = tasks.map((t) => roleOn(t, groups.get(t.groupId) ?? null, actor));
  if (!mayDeleteAll(roles)) throw new ForbiddenError('tasks', TREE_MESSAGES.deleteTree);
}

export function taskView(
  t: TaskRecord,
  ctx: {
    role: RoleId;
    placement: PlacementRecord | null;
    group: GroupRecord | null;
    zone: string;
    now: Date;
  },
): TaskView {
  const status = TASK_STATUSES.find((s) => s.id === t.status) ?? TASK_STATUSES[0]!;
  const state = {
    flag: t.flag,
    status: t.status,
    dueAt: t.dueAt ?? null,
  };
  return {
    id: t.taskId,
    title: t.title,
    taskDetails: { description: t.description, flag: t.flag },
    status: { id: status.id, title: status.title },
    mode: t.mode,
    level: { id: t.level },
    priorityGroup: { id: ctx.placement?.priorityGroup ?? 0 },
    customSortCode: ctx.placement?.sortCode ?? '',
    taskPosition: ctx.placement?.taskPosition ?? 'top',
    group: { id: t.groupId, title: ctx.group?.title ?? '', owner: ctx.group?.createdBy ?? '' },
    parent: t.parentId ? { id: t.parentId, title: '' } : null,
    childCount: t.childCount ?? 0,
    dueAt: t.dueAt ?? null,
    completionAt: t.completionAt ?? null,
    activatedAt: t.activatedAt ?? null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt ?? t.createdAt,
    user: { id: t.createdBy, name: t.creatorName, avatar: avatarKey(t.createdBy, t.creatorAvatarId) },
    manager: t.managerId
      ? {
          id: t.managerId,
          name: t.assignees[t.managerId]?.name ?? (t.managerId === t.createdBy ? t.creatorName : ''),
          avatar: avatarKey(
            t.managerId,
            t.assignees[t.managerId]?.avatarId ??
              (t.managerId === t.createdBy ? t.creatorAvatarId : undefined),
          ),
        }
      : null,
    taskAssignees: Object.values(t.assignees).map((a) => ({
      user: a.userId,
      email: a.email,
      assigneeName: a.name,
      avatar: avatarKey(a.userId, a.avatarId),
      role: a.role,
      createdAt: a.createdAt,
    })),
    // Everyone invited and not (yet) an assignee: an 'accepted' one is waiting to sign up.
    pendingAssignees: Object.values(t.pending ?? {}).map((p) => ({
      id: p.keyHash,
      email: p.email,
      role: p.role,
      status: p.expiresAt ? effectiveInvitationStatus(p.status, p.expiresAt, ctx.now) : p.status,
      createdAt: p.createdAt,
    })),
    delegationType: t.delegationType,
    inputType: t.inputType ?? null,
    role: ctx.role,
    permissions: PERMISSIONS[roleName(ctx.role)].filter((p) => p.startsWith('task.')),
    pinnedToToday: isPinnedToToday(state, ctx.zone, ctx.now),
    scheduledTask: t.schedule ? scheduleView(t.taskId, t.schedule) : null,
    ...(t.assigningRole ? { taskRole: { assigningRole: t.assigningRole } } : {}),
    version: t.version,
    ...(t.curriculumLesson
      ? { curriculumTaskInstance: t.curriculumLesson as NonNullable<TaskView['curriculumTaskInstance']> }
      : {}),
  };
}

/** What the task counts for its creator's subscription counters. */
export const counted = (
  t: Pick<TaskRecord, 'mode' | 'createdBy' | 'assignees' | 'routineTaskId'>,
): CountedTask => ({
  mode: t.mode,
  createdBy: t.createdBy,
  assigneeIds: Object.keys(t.assignees),
  routineInstance: Boolean(t.routineTaskId),
});
