/**
 * The planning flow viewer's calls (spec 002 §2, §4; docs/api/planning.md; decisions D59): the plan
 * (a task and its descendants) read in one Query, and a session's changes saved in one call.
 *
 * A save is checked whole before anything is written: the plan after the changes passes the shared
 * rules (titles, no cycle, issues take no children, bounded), and every touched task is authorised as
 * its own route would authorise it. Then the steps are written through the task routes' own domain
 * functions (createTask, newStructure, updateTask, deleteTasks: their transactions, chunked to 100
 * actions, keep placements, child links, counts and counters right), and a marker per idempotency key
 * records each step done, so a retry writes nothing that was written already.
 */
import {
  applyPlan,
  checkPlan,
  createTaskInput,
  isEmptyPlan,
  isTempId,
  mayAddChildTo,
  PLAN_MAX_NODES,
  PLANNING_MESSAGES,
  PLANNING_TEXTS,
  type PlanChanges,
  type PlanNode,
  type PlanningMessage,
  type PlanSchedule,
  planScheduleOf,
  type SavePlanInput,
  sameSchedule,
  type TaskView,
  TREE_MESSAGES,
  taskPatchPermissions,
  updateTaskInput,
} from '@tandem/shared';
import { getItems, item } from '../../db/batch-get.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { PlanSaveEntity } from '../../db/entities/plan-save.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { chunks, MAX_TRANSACTION_ITEMS, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { readPage } from '../../lib/list-pages.ts';
import {
  groupsById,
  loadTask,
  type PlacementRecord,
  requireDeleteAll,
  requireTaskPermission,
  roleOn,
  type TaskRecord,
  taskFor,
  taskView,
} from '../access/task-access.ts';
import { readUser } from '../access/users.ts';
import { planSchedule } from '../schedules/schedules.ts';
import { newStructure } from '../tasks/task-tree.ts';
import { createTask, deleteTasks, subtreeIn, treeOf, updateTask } from '../tasks/tasks.ts';
import { getUser } from '../user/user.ts';
import { activateTasks, checkActivation } from './activate.ts';
import { planNodeId, templateNodes, writeTemplateNodes } from './template-nodes.ts';

const MARKER_DAYS = 7;

/** A node's schedule as the task form sends it: the end of its first occurrence follows its start. */
const scheduleSent = (s: PlanSchedule) => ({
  ...s,
  endDate: new Date(Date.parse(s.startDate) + s.duration * 60_000).toISOString(),
});

const planError = (errors: Record<string, PlanningMessage>) => {
  const first = Object.values(errors)[0]!;
  return new ValidationError(errors, PLANNING_TEXTS[first], first);
};

/** The plan's tasks as stored: the root and its descendants (parents before children), bounded. */
async function planTasks(actor: Actor, rootId: string) {
  const { task } = await taskFor(actor, rootId);
  const scope = [task, ...subtreeIn(await treeOf(task.rootId), task.taskId)];
  if (scope.length > PLAN_MAX_NODES) throw planError({ nodes: PLANNING_MESSAGES.tooManyNodes });
  const groups = await groupsById(scope.map((t) => t.groupId));
  // A task the caller may not see is left out, and what hangs under it with it.
  const roles = new Map<string, NonNullable<ReturnType<typeof roleOn>>>();
  for (const t of scope) {
    if (t.taskId !== rootId && !roles.has(t.parentId ?? '')) continue;
    const role = roleOn(t, groups.get(t.groupId) ?? null, actor);
    if (role !== null) roles.set(t.taskId, role);
  }
  return { tasks: scope.filter((t) => roles.has(t.taskId)), roles, groups };
}

/** GET /task/plan/{rootId}: the plan's tasks as the task views of GET /task/{id}, parents first. */
export async function getPlan(actor: Actor, rootId: string, now = new Date()) {
  const { tasks, roles, groups } = await planTasks(actor, rootId);
  const [user, placements] = await Promise.all([
    getUser(actor),
    getItems(
      tasks.map((t) => item<PlacementRecord>(PlacementEntity, { userId: actor.userId, taskId: t.taskId })),
    ),
  ]);
  const titles = new Map(tasks.map((t) => [t.taskId, t.title]));
  const results: TaskView[] = tasks.map((t, i) => {
    const v = taskView(t, {
      role: roles.get(t.taskId)!,
      placement: placements[i] ?? null,
      group: groups.get(t.groupId) ?? null,
      zone: user.config.timezone,
      now,
    });
    const parent =
      t.taskId === rootId || !t.parentId ? null : { id: t.parentId, title: titles.get(t.parentId) ?? '' };
    return { ...v, parent };
  });
  return { rootId, count: results.length, results };
}

const nodeOf = (t: TaskRecord, rootId: string, priorityGroup = 0): PlanNode => ({
  id: t.taskId,
  parentId: t.taskId === rootId ? null : (t.parentId ?? null),
  title: t.title,
  dueAt: t.dueAt ?? null,
  flag: t.flag,
  priorityGroup,
  mode: t.mode,
  level: t.level,
  assigningRole: t.assigningRole ?? '',
  scheduledTask: planScheduleOf(t.schedule),
});

/**
 * Every check of a save, with nothing written: the ids named are in the plan, the plan after the
 * changes passes the shared rules, and the caller may make each change.
 */
async function checkSave(actor: Actor, rootId: string, c: PlanChanges) {
  if (isEmptyPlan(c)) throw planError({ changes: PLANNING_MESSAGES.noChanges });
  const { tasks, roles } = await planTasks(actor, rootId);
  const byId = new Map(tasks.map((t) => [t.taskId, t]));
  // Existing tasks brought into the plan (the viewer's left panel): a move of a task from elsewhere,
  // which brings its descendants. Never one the plan hangs under (its subtree would hold the root).
  for (const m of c.moves) {
    if (byId.has(m.id) || isTempId(m.id)) continue;
    const adopted = await planTasks(actor, m.id);
    if (adopted.tasks.some((t) => byId.has(t.taskId)))
      throw planError({ [`moves.${m.id}`]: PLANNING_MESSAGES.moveUnderDescendant });
    for (const t of adopted.tasks) {
      tasks.push(t);
      byId.set(t.taskId, t);
      roles.set(t.taskId, adopted.roles.get(t.taskId)!);
    }
  }
  const known = (nodeId: string) => byId.has(nodeId) || c.creates.some((n) => n.id === nodeId);
  // A task named that is not in the plan (or not the caller's to see) is not found.
  for (const nodeId of [
    ...c.moves.flatMap((m) => [m.id, m.parentId]),
    ...c.edits.map((e) => e.id),
    ...c.deletes,
    ...c.creates.map((n) => n.parentId),
    ...c.activate,
  ]) {
    if (!known(nodeId)) throw new NotFoundError();
  }
  if (
    c.moves.some((m) => m.id === rootId) ||
    c.deletes.includes(rootId) ||
    c.creates.some((n) => byId.has(n.id)) ||
    c.activate.some(isTempId)
  )
    throw planError({ changes: PLANNING_MESSAGES.unknownNode });
  const after = applyPlan(
    tasks.map((t) => nodeOf(t, rootId)),
    c,
  );
  const errors = checkPlan(after, rootId);
  if (Object.keys(errors).length) throw planError(errors);

  // The rights, each as the task's own route checks it.
  const roleOf = (nodeId: string) => roles.get(nodeId)!;
  for (const [i, n] of c.creates.entries()) {
    if (!isTempId(n.parentId) && !mayAddChildTo(roleOf(n.parentId)))
      throw new ForbiddenError(`creates.${i}.parentId`, TREE_MESSAGES.addChildren);
  }
  for (const [i, m] of c.moves.entries()) {
    const t = byId.get(m.id)!;
    if (m.parentId !== t.parentId) {
      requireTaskPermission(roleOf(m.id), 'task.addParent', `moves.${i}.parentId`);
      if (!isTempId(m.parentId) && !mayAddChildTo(roleOf(m.parentId)))
        throw new ForbiddenError(`moves.${i}.parentId`, TREE_MESSAGES.addChildren);
    }
    if (m.level !== t.level) requireTaskPermission(roleOf(m.id), 'task.level', `moves.${i}.level`);
  }
  for (const [i, e] of c.edits.entries()) {
    if (isTempId(e.id)) continue; // a new task is the caller's own
    const t = byId.get(e.id)!;
    const changed = [
      ...(e.title !== undefined && e.title !== t.title ? ['title'] : []),
      ...(e.dueAt !== undefined && e.dueAt !== (t.dueAt ?? null) ? ['dueAt'] : []),
      ...(e.flag !== undefined && e.flag !== t.flag ? ['details.flag'] : []),
      ...(e.priorityGroup !== undefined ? ['priorityGroup'] : []),
      ...(e.mode !== undefined && e.mode !== t.mode ? ['mode'] : []),
      ...(e.scheduledTask !== undefined && !sameSchedule(planScheduleOf(t.schedule), e.scheduledTask)
        ? ['scheduledTask']
        : []),
    ];
    for (const { permission, field } of taskPatchPermissions(changed))
      requireTaskPermission(roleOf(e.id), permission, `edits.${i}.${field}`);
    // The task role decides who a template's mapping assigns: the right to change assignees.
    if (e.assigningRole !== undefined && e.assigningRole !== (t.assigningRole ?? ''))
      requireTaskPermission(roleOf(e.id), 'task.taskAssignees', `edits.${i}.assigningRole`);
  }
  // Drafts made active: the mode's permission each, and the creators' active-task limits as a whole.
  for (const [i, nodeId] of c.activate.entries())
    for (const { permission } of taskPatchPermissions(['mode']))
      requireTaskPermission(roleOf(nodeId), permission, `activate.${i}`);
  if (c.activate.length)
    await checkActivation(
      actor,
      c.activate.map((nodeId) => byId.get(nodeId)!),
    );
  if (c.deletes.length) {
    // What goes: each deleted task with what still hangs under it once the moves are made.
    const tree = tasks.map((t) => {
      const m = c.moves.find((x) => x.id === t.taskId);
      return m ? { ...t, parentId: m.parentId } : t;
    });
    const doomed = new Map<string, TaskRecord>();
    for (const d of c.deletes) {
      doomed.set(d, byId.get(d)!);
      for (const s of subtreeIn(tree, d)) if (byId.has(s.taskId)) doomed.set(s.taskId, byId.get(s.taskId)!);
    }
    for (const d of c.deletes) requireTaskPermission(roleOf(d), 'task.deleteTask', 'deletes');
    await requireDeleteAll(actor, [...doomed.values()]);
  }
  // Schedules set: the rules PATCH /task/{id} applies to scheduled_task (start not in the past in the
  // caller's zone, a readable repeat rule), answered at edits.<i>.scheduled_task.<field>.
  // A template's tasks have no lists to be scheduled on: their schedules come when it is used.
  const templateEdit = c.edits.findIndex((e) => e.scheduledTask !== undefined);
  if (templateEdit >= 0 && byId.get(rootId)?.mode === 'template')
    throw planError({ [`edits.${templateEdit}.scheduledTask`]: PLANNING_MESSAGES.templateSchedule });
  const scheduled = c.edits.flatMap((e, i) => (e.scheduledTask ? [{ e, i, s: e.scheduledTask }] : []));
  if (scheduled.length) {
    const zone = (await getUser(actor)).config.timezone;
    const now = new Date();
    for (const { e, i, s } of scheduled)
      planSchedule(isTempId(e.id) ? undefined : byId.get(e.id)!.schedule, scheduleSent(s), zone, now, [
        'edits',
        String(i),
        'scheduledTask',
      ]);
  }
  return { byId };
}

interface SaveResult {
  rootId: string;
  /** Each new node's temp id with the id it was saved as. */
  created: Array<{ tempId: string; id: string }>;
  moved: number;
  edited: number;
  deleted: number;
  /** Drafts made active by the bulk mode change. */
  activated: number;
}

/**
 * PATCH /task/plan/{rootId}: the session's changes, checked whole, then written step by step under
 * the idempotency key (module comment). A retry of a finished save answers the same and writes nothing.
 */
export async function savePlan(actor: Actor, rootId: string, input: SavePlanInput): Promise<SaveResult> {
  const { key, ...c } = input;
  const markerKey = { userId: actor.userId, key };
  let marker = (await PlanSaveEntity.get(markerKey).go()).data;
  if (marker && marker.rootId !== rootId) throw new ConflictError('This save key was used for another plan.');
  if (marker?.finished && marker.result) return JSON.parse(marker.result) as SaveResult;
  if (!marker) {
    await checkSave(actor, rootId, c);
    marker = (
      await PlanSaveEntity.create({
        ...markerKey,
        rootId,
        ids: '{}',
        ttl: Math.floor(Date.now() / 1000) + MARKER_DAYS * 86_400,
      }).go()
    ).data;
  }
  const done = new Set(marker.done ?? []);
  if (done.has('create:template')) for (const n of c.creates) done.add(`create:${n.id}`);
  const ids = new Map(Object.entries(JSON.parse(marker.ids ?? '{}') as Record<string, string>));
  const real = (nodeId: string) => ids.get(nodeId) ?? nodeId;
  const record = async (step: string) => {
    done.add(step);
    await PlanSaveEntity.patch(markerKey)
      .add({ done: [step] })
      .set({ ids: JSON.stringify(Object.fromEntries(ids)) })
      .go();
  };

  // A template's new nodes are template items without placements (core/templates), in one step.
  const pendingAll = c.creates.filter((n) => !done.has(`create:${n.id}`));
  if (pendingAll.length && !done.has('create:template')) {
    const root = await loadTask(rootId);
    if (root?.mode === 'template') {
      const stored = await readUser(actor.userId);
      const creator = stored?.provisionedAt ? stored : await getUser(actor);
      const idOf = (tempId: string) => planNodeId('plan', actor.userId, key, tempId);
      await writeTemplateNodes(
        templateNodes(root, pendingAll, { creator, idOf, parentOf: real, now: new Date() }),
        creator,
      );
      for (const n of pendingAll) ids.set(n.id, idOf(n.id));
      await record('create:template');
      for (const n of pendingAll) done.add(`create:${n.id}`);
    }
  }
  // Creates, parents first: each new task with those of its new children that have none of their own,
  // in one POST /task's work (one chunked transaction).
  const pending = c.creates.filter((n) => !done.has(`create:${n.id}`));
  const hasNewChildren = new Set(c.creates.map((n) => n.parentId));
  const consumed = new Set<string>();
  const groupOf = async (parentId: string) => (await taskFor(actor, parentId)).task.groupId;
  const groupCache = new Map<string, string>();
  for (const n of pending) {
    if (consumed.has(n.id)) continue;
    const parent = real(n.parentId);
    const group = groupCache.get(parent) ?? (await groupOf(parent));
    groupCache.set(parent, group);
    const leaves = pending.filter((k) => k.parentId === n.id && !hasNewChildren.has(k.id));
    const fields = (x: typeof n) => ({
      title: x.title,
      level: x.level,
      mode: x.mode,
      dueAt: x.dueAt,
      priorityGroup: x.priorityGroup,
      details: { flag: x.flag },
    });
    const made = await createTask(
      actor,
      createTaskInput.parse({ ...fields(n), group, parent, children: leaves.map(fields) }),
    );
    const top = made.results[0]!;
    ids.set(n.id, top.id);
    groupCache.set(top.id, group);
    for (const [i, k] of leaves.entries()) {
      ids.set(k.id, top.children[i]!.id);
      consumed.add(k.id);
    }
    await record(`create:${n.id}`);
    for (const k of leaves) done.add(`create:${k.id}`);
  }
  if (c.moves.length && !done.has('moves')) {
    await newStructure(
      actor,
      c.moves.map((m) => ({ id: real(m.id), parent: real(m.parentId), level: m.level })),
    );
    await record('moves');
  }
  if (c.edits.length && !done.has('edits')) {
    for (const { id, flag, assigningRole: _, ...fields } of c.edits) {
      if (flag === undefined && Object.keys(fields).length === 0) continue; // only its task role
      const body = updateTaskInput.parse({
        ...fields,
        ...(fields.scheduledTask ? { scheduledTask: scheduleSent(fields.scheduledTask) } : {}),
        ...(flag !== undefined ? { details: { flag } } : {}),
      });
      await updateTask(actor, real(id), body);
    }
    await record('edits');
  }
  // Drafts made active: one bulk mode change (core/planning/activate.ts), transactions of 100.
  if (c.activate.length && !done.has('activate')) {
    await activateTasks(actor, c.activate.map(real));
    await record('activate');
  }
  // Task roles (new nodes' and edited ones'): one attribute each, in transactions of 100.
  const roleWrites = [
    ...c.creates.flatMap((n) => (n.assigningRole ? [{ id: real(n.id), role: n.assigningRole }] : [])),
    ...c.edits.flatMap((e) =>
      e.assigningRole !== undefined ? [{ id: real(e.id), role: e.assigningRole }] : [],
    ),
  ];
  if (roleWrites.length && !done.has('roles')) {
    await writeTaskRoles(roleWrites);
    await record('roles');
  }
  let deleted = 0;
  if (c.deletes.length && !done.has('deletes')) {
    deleted = (await deleteTasks(actor, c.deletes.map(real), true)).deleted;
    await record('deletes');
  }
  const result: SaveResult = {
    rootId,
    created: c.creates.map((n) => ({ tempId: n.id, id: real(n.id) })),
    moved: c.moves.length,
    edited: c.edits.length,
    deleted,
    activated: c.activate.length,
  };
  await PlanSaveEntity.patch(markerKey)
    .set({ finished: true, result: JSON.stringify(result) })
    .go();
  return result;
}

/** Sets (or, for '', removes) each task's task role; chunked to the transaction limit. */
async function writeTaskRoles(writes: ReadonlyArray<{ id: string; role: string }>) {
  for (const part of chunks(writes, MAX_TRANSACTION_ITEMS)) {
    await transact(({ task }) =>
      part.map((w) =>
        w.role
          ? task.patch({ taskId: w.id }).set({ assigningRole: w.role }).add({ version: 1 }).commit()
          : task.patch({ taskId: w.id }).remove(['assigningRole']).add({ version: 1 }).commit(),
      ),
    );
  }
}

const PLANS_PAGE = 25;

/**
 * GET /task/plan: the caller's plans, 25 at a time: their own top-level tasks (no parent) that have
 * sub-tasks. Queries of the caller's placements filtered by DynamoDB (no parent), at most a few a
 * page, with a cursor for more (as GET /task/search, decisions D28); the tasks in one BatchGetItem.
 */
export async function listPlans(actor: Actor, cursor?: string, now = new Date()) {
  const found = await readPage<PlacementRecord>(
    {
      partition: `PLANS#${actor.userId}`,
      keyFields: ['pk', 'sk'],
      query: (limit, from) =>
        PlacementEntity.query
          .byUser({ userId: actor.userId })
          .where((a, op) => op.notExists(a.parentId))
          .go({ limit, cursor: from, data: 'includeKeys' }) as Promise<{
          data: PlacementRecord[];
          cursor: string | null;
        }>,
      keep: (batch) => batch.filter((p) => !p.dismissed && p.mode !== 'template'),
    },
    { size: PLANS_PAGE, cursor },
  );
  const next = found.next ? `?cursor=${found.next}` : null;
  if (found.items.length === 0) return { next, results: [] };
  const [tasks, user] = await Promise.all([
    getItems(found.items.map((p) => item<TaskRecord>(TaskEntity, { taskId: p.taskId }))),
    getUser(actor),
  ]);
  const live = tasks.filter((t): t is TaskRecord => t !== null && (t.childCount ?? 0) > 0 && !t.parentId);
  const groups = await groupsById(live.map((t) => t.groupId));
  const results = live.flatMap((t) => {
    const group = groups.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    const placement = found.items.find((p) => p.taskId === t.taskId) ?? null;
    return role === null ? [] : [taskView(t, { role, placement, group, zone: user.config.timezone, now })];
  });
  return { next, results };
}
