/**
 * The Delegated tab (spec 001 §2): the tasks the caller gave to others, grouped by assignee. A task
 * shows under each of its assignees (the caller excepted) and under each person invited by e-mail
 * who has not taken it on yet; an individual copy (IC) has one assignee, so it lands under them.
 * Pure, for tests (web/test/delegation-delegated.test.ts).
 */
import type { RoleId } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';

export interface DelegatedEntry {
  task: TaskView;
  role: RoleId;
  /** For an invitee: the invitation status (pending, refused, expired); null for an assignee. */
  invitation: string | null;
}

export interface AssigneeGroup {
  /** The user id of an assignee, or 'e:' + the e-mail of someone invited who has not joined. */
  key: string;
  userId: string | null;
  name: string;
  email: string;
  /** Only invited so far (no assignee entry for this person on any listed task). */
  pending: boolean;
  entries: DelegatedEntry[];
}

const lower = (s: string) => s.trim().toLowerCase();
const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export function groupByAssignee(tasks: readonly TaskView[], me: string | null | undefined): AssigneeGroup[] {
  const groups = new Map<string, AssigneeGroup>();
  // An invitee who already is an assignee elsewhere joins that person's group (matched by e-mail).
  const keyOfEmail = new Map<string, string>();
  for (const task of tasks)
    for (const a of task.taskAssignees)
      if (a.user && a.user !== me && a.email) keyOfEmail.set(lower(a.email), a.user);

  const add = (key: string, base: Omit<AssigneeGroup, 'key' | 'entries'>, entry: DelegatedEntry) => {
    const g = groups.get(key) ?? { key, ...base, entries: [] };
    if (!g.entries.some((e) => e.task.id === entry.task.id)) g.entries.push(entry);
    if (!g.name && base.name) g.name = base.name;
    if (!base.pending) g.pending = false;
    groups.set(key, g);
  };

  for (const task of tasks) {
    for (const a of task.taskAssignees) {
      if (!a.user || a.user === me) continue;
      add(
        a.user,
        { userId: a.user, name: a.assigneeName, email: a.email, pending: false },
        { task, role: a.role, invitation: null },
      );
    }
    for (const p of task.pendingAssignees) {
      const email = lower(p.email);
      const known = keyOfEmail.get(email);
      add(
        known ?? `e:${email}`,
        { userId: known ?? null, name: '', email: p.email, pending: !known },
        { task, role: p.role, invitation: p.status },
      );
    }
  }
  const due = (e: DelegatedEntry) => e.task.dueAt ?? '\uffff';
  return [...groups.values()]
    .map((g) => ({
      ...g,
      entries: [...g.entries].sort(
        (a, b) => due(a).localeCompare(due(b)) || byText(a.task.title, b.task.title),
      ),
    }))
    .sort((a, b) => Number(a.pending) - Number(b.pending) || byText(a.name || a.email, b.name || b.email));
}

/** `?assignee=` names a group by user id or by e-mail (either of an assignee or of an invitee). */
export function matchesAssignee(group: AssigneeGroup, param: string | null | undefined): boolean {
  if (!param) return false;
  const p = lower(param);
  return (
    group.key === param ||
    (group.userId !== null && group.userId === param) ||
    lower(group.email) === p ||
    group.key === `e:${p}`
  );
}
