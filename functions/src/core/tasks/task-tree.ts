/**
 * Task trees: reading a task's descendants, restructuring (new parents and levels), search and the
 * caller's permissions on a task. A tree is one Query (the task index by root).
 */
import {
  canHaveChildren,
  issuesWithChildren,
  isValidMove,
  mayAddChildTo,
  PERMISSIONS,
  roleName,
  TASK_MESSAGES,
  type TaskView,
  TREE_MESSAGES,
} from '@tandem/shared';
import { getItems, item } from '../../db/batch-get.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { packSteps, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { isAnyConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { readPage } from '../../lib/list-pages.ts';
import {
  groupsById,
  type PlacementRecord,
  requireTaskPermission,
  roleOn,
  type TaskRecord,
  taskFor,
  taskView,
} from '../access/task-access.ts';
import { getUser } from '../user/user.ts';
import { childrenIn, peopleOf, subtreeIn, treeOf } from './tasks.ts';

/** GET /task/descendants/list: the task's subtree (or the whole tree), only what the caller may see. */
export async function listDescendants(
  actor: Actor,
  taskId: string,
  startFromRoot: boolean,
  now = new Date(),
) {
  const { task } = await taskFor(actor, taskId);
  const [tree, user] = await Promise.all([treeOf(task.rootId), getUser(actor)]);
  const scope = startFromRoot
    ? tree
    : [tree.find((t) => t.taskId === taskId)!, ...subtreeIn(tree, taskId)].filter(Boolean);
  const groups = await groupsById(scope.map((t) => t.groupId));
  const results: TaskView[] = [];
  for (const t of scope) {
    const group = groups.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    if (role === null) continue;
    const parent = t.parentId ? tree.find((p) => p.taskId === t.parentId) : undefined;
    results.push({
      ...taskView(t, { role, placement: null, group, zone: user.config.timezone, now }),
      parent: parent ? { id: parent.taskId, title: parent.title } : null,
      childCount: childrenIn(tree, t.taskId).length,
    });
  }
  return { count: results.length, results };
}

/**
 * PATCH /task/descendants/new-structure: new parents and levels for tasks, all or nothing. A task
 * never moves under itself or its own descendants, and nothing goes under an issue (level 8).
 */
export async function newStructure(
  actor: Actor,
  moves: Array<{ id: string; level: number; parent: string | null }>,
) {
  // The moved tasks and their new parents in one batch of reads, their groups in one more.
  const ids = [...moves.map((m) => m.id), ...moves.flatMap((m) => (m.parent ? [m.parent] : []))];
  const read = await getItems(ids.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })));
  const byId = new Map(read.flatMap((t) => (t ? [[t.taskId, t] as const] : [])));
  const groups = await groupsById([...byId.values()].map((t) => t.groupId));
  const access = (taskId: string) => {
    const task = byId.get(taskId);
    const role = task ? roleOn(task, groups.get(task.groupId) ?? null, actor) : null;
    if (!task || role === null) throw new NotFoundError();
    return { task, role };
  };
  const found = moves.map((m) => access(m.id));
  for (const [i, f] of found.entries()) {
    const m = moves[i]!;
    if (m.level !== f.task.level) requireTaskPermission(f.role, 'task.level', 'level');
    if (m.parent !== (f.task.parentId ?? null)) requireTaskPermission(f.role, 'task.addParent', 'parent');
  }
  // Every tree involved: the moved tasks' and the new parents'. A new child needs addChildren on its
  // new parent.
  const parentsFound = moves.map((m) => (m.parent ? access(m.parent) : null));
  for (const [i, p] of parentsFound.entries()) {
    if (p && moves[i]!.parent !== (found[i]!.task.parentId ?? null) && !mayAddChildTo(p.role))
      throw new ForbiddenError(`tasks.${i}.parent`, TREE_MESSAGES.addChildren);
  }
  const parents = parentsFound.map((p) => p?.task ?? null);
  const roots = new Set([
    ...found.map((f) => f.task.rootId),
    ...parents.flatMap((p) => (p ? [p.rootId] : [])),
  ]);
  const all = new Map<string, TaskRecord>();
  const forests = await Promise.all([...roots].map(treeOf));
  for (const tree of forests) for (const t of tree) all.set(t.taskId, { ...t });

  // Apply the moves in order on the in-memory forest, checking each against the forest as it stands.
  for (const [i, m] of moves.entries()) {
    const t = all.get(m.id)!;
    if (m.parent) {
      const parent = all.get(m.parent);
      if (!parent) throw new NotFoundError();
      const ancestors: string[] = [];
      for (let a = parent.parentId; a; a = all.get(a)?.parentId) ancestors.push(a);
      if (!isValidMove(m.id, m.parent, ancestors)) {
        throw new ValidationError(
          { [`tasks.${i}.parent`]: TASK_MESSAGES.moveUnderDescendant },
          TASK_MESSAGES.moveUnderDescendant,
        );
      }
      if (!canHaveChildren(parent.level)) {
        throw new ValidationError(
          { [`tasks.${i}.parent`]: TASK_MESSAGES.issueNoChildren },
          TASK_MESSAGES.issueNoChildren,
        );
      }
      t.parentId = m.parent;
    } else {
      delete t.parentId;
    }
    t.level = m.level;
  }
  // The issue rule on the result as a whole: a level changed to 8 must not leave children under it.
  if (
    issuesWithChildren(
      [...all.values()].map((t) => ({ id: t.taskId, level: t.level, parentId: t.parentId ?? null })),
    ).length
  ) {
    throw new ValidationError({ tasks: TASK_MESSAGES.issueNoChildren }, TASK_MESSAGES.issueNoChildren);
  }
  // Roots follow parents: a task's root is its topmost ancestor.
  const rootOf = (t: TaskRecord): string =>
    t.parentId && all.get(t.parentId) ? rootOf(all.get(t.parentId)!) : t.taskId;
  const changed: TaskRecord[] = [];
  for (const [id, t] of all) {
    const before = found.find((f) => f.task.taskId === id)?.task;
    const newRoot = rootOf(t);
    const original = before ?? t;
    if (newRoot !== t.rootId || (before && (before.parentId !== t.parentId || before.level !== t.level))) {
      changed.push({ ...t, rootId: newRoot, version: original.version });
    }
  }
  // Parents gain and lose children; a task written anyway takes its count change in the same write
  // (one transaction may not touch an item twice).
  const deltas = new Map<string, number>();
  const moved = found.filter((f) => (f.task.parentId ?? null) !== (all.get(f.task.taskId)!.parentId ?? null));
  for (const f of moved) {
    const now = all.get(f.task.taskId)!;
    if (f.task.parentId) deltas.set(f.task.parentId, (deltas.get(f.task.parentId) ?? 0) - 1);
    if (now.parentId) deltas.set(now.parentId, (deltas.get(now.parentId) ?? 0) + 1);
  }
  type Op =
    | { kind: 'task'; t: TaskRecord; delta: number }
    | { kind: 'count'; taskId: string; by: number }
    | { kind: 'placement'; userId: string; taskId: string; parentId?: string }
    /** A child link (db/entities/task-child.ts) written (`on`) or removed. */
    | { kind: 'link'; parentId: string; childId: string; on: boolean };
  const parentBefore = new Map(moved.map((f) => [f.task.taskId, f.task.parentId]));
  const links = (t: TaskRecord): Op[] => {
    const before = parentBefore.get(t.taskId);
    return [
      ...(before ? [{ kind: 'link' as const, parentId: before, childId: t.taskId, on: false }] : []),
      ...(t.parentId ? [{ kind: 'link' as const, parentId: t.parentId, childId: t.taskId, on: true }] : []),
    ];
  };
  // Steps that hold together: a task's write with its placements on everyone's lists; a parent's
  // count. Packed in order into transactions of at most 100 writes, a step never split. A call cut
  // short leaves whole steps written; sending it again finishes it (what already moved is unchanged).
  const movedIds = new Set(moved.map((f) => f.task.taskId));
  const steps: Op[][] = [
    ...changed.map((t): Op[] => [
      { kind: 'task', t, delta: deltas.get(t.taskId) ?? 0 },
      ...(movedIds.has(t.taskId) ? links(t) : []),
      ...(movedIds.has(t.taskId)
        ? peopleOf(t).map((userId) => ({
            kind: 'placement' as const,
            userId,
            taskId: t.taskId,
            ...(t.parentId ? { parentId: t.parentId } : {}),
          }))
        : []),
    ]),
    ...[...deltas]
      .filter(([id, by]) => by !== 0 && !changed.some((c) => c.taskId === id))
      .map(([taskId, by]): Op[] => [{ kind: 'count', taskId, by }]),
  ];
  for (const chunk of packSteps(steps)) {
    try {
      await transact(({ task, taskChild, placement }) =>
        chunk.map((op) => {
          if (op.kind === 'link') {
            const key = { parentId: op.parentId, childId: op.childId };
            return op.on ? taskChild.put(key).commit() : taskChild.delete(key).commit();
          }
          if (op.kind === 'count')
            return task.patch({ taskId: op.taskId }).add({ childCount: op.by }).commit();
          if (op.kind === 'placement') {
            const pp = placement.patch({ userId: op.userId, taskId: op.taskId });
            return (op.parentId ? pp.set({ parentId: op.parentId }) : pp.remove(['parentId'])).commit();
          }
          const t = op.t;
          let p = task
            .patch({ taskId: t.taskId })
            .set({ rootId: t.rootId, level: t.level, version: t.version + 1 });
          if (op.delta) p = p.add({ childCount: op.delta });
          return (t.parentId ? p.set({ parentId: t.parentId }) : p.remove(['parentId']))
            .where(({ version }, { eq }) => eq(version, t.version))
            .commit();
        }),
      );
    } catch (e) {
      if (isAnyConditionFailed(e))
        throw new ConflictError('A task was changed by someone else. Reload and try again.');
      throw e;
    }
  }
  return { updated: changed.length };
}

/**
 * GET /task/search: the caller's own tasks whose title holds the text, optionally within groups,
 * 25 at a time. Bounded by what the caller can see and by the page: Queries of the caller's
 * placements filtered by DynamoDB, at most a few a page, with a cursor for more (decisions D28).
 */
export async function searchTasks(
  actor: Actor,
  text: string,
  groupIds: string[],
  cursor?: string,
  now = new Date(),
) {
  const needle = text.trim().toLowerCase();
  if (!needle) return { count: 0, next: null, results: [] };
  const found = await readPage<PlacementRecord>(
    {
      partition: `SEARCH#${actor.userId}#${needle}`,
      keyFields: ['pk', 'sk'],
      query: (limit, from) =>
        PlacementEntity.query
          .byUser({ userId: actor.userId })
          .where((a, op) => op.contains(a.titleLower, needle))
          .go({ limit, cursor: from, data: 'includeKeys' }) as Promise<{
          data: PlacementRecord[];
          cursor: string | null;
        }>,
      keep: (batch) =>
        batch.filter((p) => !p.dismissed && (groupIds.length === 0 || groupIds.includes(p.groupId))),
    },
    { size: SEARCH_PAGE, cursor },
  );
  const page = found.items;
  const next = found.next ? `?cursor=${found.next}` : null;
  if (page.length === 0) return { count: found.count, next, results: [] };
  const [tasks, user] = await Promise.all([
    TaskEntity.get(page.map((p) => ({ taskId: p.taskId })))
      .go()
      .then((r) => r.data),
    getUser(actor),
  ]);
  const groups = await groupsById(tasks.map((t) => t.groupId));
  const results = tasks.flatMap((t) => {
    const group = groups.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    const placement = page.find((p) => p.taskId === t.taskId) ?? null;
    return role === null ? [] : [taskView(t, { role, placement, group, zone: user.config.timezone, now })];
  });
  return { count: found.count, next, results };
}

const SEARCH_PAGE = 25;

export async function taskPermission(actor: Actor, taskId: string) {
  const { role } = await taskFor(actor, taskId);
  return { role, roleTitle: roleName(role), permissions: [...PERMISSIONS[roleName(role)]] };
}
