/**
 * What a change of a task item means for live updates (docs/realtime.md): which event it is, and who
 * must hear it — the task's creator, the people given a role on it, its assignees, the people invited
 * to it who have not answered, and the accepted members of its group. A change that moves a task or
 * takes someone off it is heard by the people of the old state as well as the new, so a task that
 * leaves someone's view leaves it live. Pure: the reads live in the consumer's module for task items
 * (task-updates.ts).
 */
import { TASK_EVENT_TYPES, type TaskEvent } from '@tandem/shared';
import type { GroupRecord } from '../core/access/roster.ts';
import type { TaskRecord } from '../core/access/task-access.ts';

/** A stream record of a task item, its images unmarshalled to the stored attributes. */
export interface TaskChange {
  /** The stream record's id: the same on every delivery of the record, so the event's id. */
  eventId: string;
  /** Where the record sits in its shard; how a failure is reported (batch item failures). */
  sequenceNumber: string;
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** When the change was written (epoch seconds, the record's approximate time). */
  writtenAt?: number;
  oldTask?: TaskRecord;
  newTask?: TaskRecord;
}

/** Invitations that are still open: the invitee can answer, so the task shows in their Pending tab. */
const OPEN_INVITATIONS = new Set(['pending', 'on-hold']);

const states = (c: TaskChange) => [c.oldTask, c.newTask].filter((t): t is TaskRecord => !!t);

/** The groups whose members may see the task before or after the change. */
export const groupsOf = (c: TaskChange) => [...new Set(states(c).map((t) => t.groupId))];

/** E-mail addresses invited to the task (before or after) who have not answered. */
export const invitedEmailsOf = (c: TaskChange) => [
  ...new Set(
    states(c).flatMap((t) =>
      Object.entries(t.pending ?? {})
        .filter(([, p]) => OPEN_INVITATIONS.has(p.status))
        .map(([email]) => email),
    ),
  ),
];

/** Everyone who may see the task before or after the change (ids of users). */
export function audienceOf(
  c: TaskChange,
  groups: ReadonlyMap<string, GroupRecord>,
  usersByEmail: ReadonlyMap<string, string>,
): string[] {
  const people = new Set<string>();
  for (const t of states(c)) {
    people.add(t.createdBy);
    for (const id of Object.keys(t.assignees ?? {})) people.add(id);
    for (const r of Object.values(t.roles ?? {})) people.add(r.userId);
    for (const [email, p] of Object.entries(t.pending ?? {})) {
      const userId = OPEN_INVITATIONS.has(p.status) ? usersByEmail.get(email) : undefined;
      if (userId) people.add(userId);
    }
    const group = groups.get(t.groupId);
    if (group && !group.deleting) {
      for (const m of Object.values(group.members)) {
        if (m.userId && m.invitationStatus === 'accepted') people.add(m.userId);
      }
    }
  }
  return [...people];
}

/** The event the change is, in the socket's shape. */
export function taskEvent(c: TaskChange): TaskEvent {
  const before = c.oldTask;
  const after = c.newTask;
  const now = (after ?? before)!;
  const at = c.writtenAt ? new Date(c.writtenAt * 1000).toISOString() : new Date().toISOString();
  const base = {
    id: c.eventId,
    task_id: now.taskId,
    group_id: now.groupId,
    parent_id: now.parentId ?? null,
    at: after?.updatedAt ?? at,
  };
  if (c.kind === 'INSERT' || !before) {
    return { type: TASK_EVENT_TYPES.created, ...base, version: now.version };
  }
  if (c.kind === 'REMOVE' || !after) {
    return { type: TASK_EVENT_TYPES.deleted, ...base, at };
  }
  if (before.groupId !== after.groupId || (before.parentId ?? null) !== (after.parentId ?? null)) {
    return {
      type: TASK_EVENT_TYPES.moved,
      ...base,
      previous_group_id: before.groupId,
      previous_parent_id: before.parentId ?? null,
      version: after.version,
    };
  }
  return { type: TASK_EVENT_TYPES.changed, ...base, version: after.version };
}
