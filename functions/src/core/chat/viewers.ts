/**
 * Who a task's chat belongs to (decisions D38): the people who can read the task — the rules roleOn
 * (core/access/task-access.ts) applies: its creator, the people given a role on it, its assignees and
 * the accepted members of its group. Pure, so the calls and the stream consumer agree.
 */
import type { GroupRecord } from '../access/roster.ts';
import type { TaskRecord } from '../access/task-access.ts';

/** The viewers' ids, each with the name the task or the roster already knows ('' when none does). */
export function viewersOf(task: TaskRecord, group: GroupRecord | null | undefined): Map<string, string> {
  const people = new Map<string, string>();
  const add = (id: string | null | undefined, name = '') => {
    if (!id) return;
    if (!people.get(id)) people.set(id, name);
  };
  add(task.createdBy, task.creatorName);
  for (const a of Object.values(task.assignees ?? {})) add(a.userId, a.name);
  for (const r of Object.values(task.roles ?? {})) add(r.userId);
  if (group && !group.deleting) {
    for (const m of Object.values(group.members)) {
      if (m.userId && m.invitationStatus === 'accepted') add(m.userId, m.name);
    }
  }
  return people;
}

/**
 * The avatar ids the task and its roster keep for the people they name (their copies of each person's
 * settings, D48), null for a person named without one: what the chat shows for its viewers and its
 * messages' authors, with no read.
 */
export function viewerAvatarsOf(
  task: TaskRecord,
  group: GroupRecord | null | undefined,
): Map<string, string | null> {
  const ids = new Map<string, string | null>();
  const add = (userId: string | null | undefined, avatarId: string | undefined) => {
    if (userId && !ids.get(userId)) ids.set(userId, avatarId ?? null);
  };
  add(task.createdBy, task.creatorAvatarId);
  for (const a of Object.values(task.assignees ?? {})) add(a.userId, a.avatarId);
  if (group && !group.deleting) {
    for (const m of Object.values(group.members)) {
      if (m.invitationStatus === 'accepted') add(m.userId, m.avatarId);
    }
  }
  return ids;
}
