/**
 * The planning flow viewer's calls (spec 002 §2, §4; docs/api/planning.md; decisions D59): the plan
 * (a task and its descendants) read in one Query, and a session's changes saved in one call.
 *
 * A save is checked whole before anything is written: the plan after the changes passes the shared
 * rules (titles, no cycle, issues take no children, bounded), and every touched task is authorised as
 * its own route would authorise it. Then the steps are written through the task routes' own domain
 * functions (createTask, newStructure, updateTask, deleteTasks: their transactions, chunked to 100
 * actions, keep placements, child links, counts and counters right), and a marker per idempotency key
 * records each step done, so a retry writes nothing that was written already. The save is all or
 * nothing (D74): accepted whole, with its change set, before any step, and finished by its retry or
 * the plan's next save (savePlan).
 */
/// <reference path="../../db/electrodb-modules.d.ts" />

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
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { getItems, item } from '../../db/batch-get.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { PlanSaveEntity, PlanSaveLockEntity } from '../../db/entities/plan-save.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { chunks, MAX_TRANSACTION_ITEMS, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts';
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
import { activateTasks, checkCounts } from './activate.ts';
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
  const [user, placements, lock] = await Promise.all([
    getUser(actor),
    getItems(
      tasks.map((t) => item<PlacementRecord>(PlacementEntity, { userId: actor.userId, taskId: t.taskId })),
    ),
    PlanSaveLockEntity.get({ rootId }).go(),
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
  // A save of this plan accepted but not yet all written (D74): the viewer finishes it before editing.
  return { rootId, count: results.length, unfinishedSave: lock.data !== null, results };
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
  // The counters' limits for the whole save (new tasks and activations), before it is accepted.
  if (c.activate.length || c.creates.length)
    await checkCounts(
      actor,
      c.activate.map((nodeId) => byId.get(nodeId)!),
      {
        totalTasks: c.creates.length,
        activeTasks: c.creates.filter((n) => n.mode === 'active').length,
      },
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

/** What a marker says of its save: the accepted change set (stored since D74, else the body's). */
type Marker = NonNullable<Awaited<ReturnType<ReturnType<typeof PlanSaveEntity.get>['go']>>['data']>;

/** Tries to finish a save that failed part-way before it is given up (the plan stays as written). */
const MAX_FINISH_ATTEMPTS = 3;

const unfinished = () =>
  new HttpError(409, PLANNING_MESSAGES.saveUnfinished, PLANNING_TEXTS[PLANNING_MESSAGES.saveUnfinished]);

/**
 * PATCH /task/plan/{rootId}: the session's changes, all or nothing (decisions D74). Checked whole
 * first; then **accepted** — the change set stored in the save's marker, in one transaction with the
 * plan's lock item (the commit point: before it nothing is written, and a save refused by any check
 * writes nothing) — and then written step by step (module comment). A failure part-way answers 409
 * `planning.save-unfinished`: the save stays accepted, and the same key (the viewer keeps it), or the
 * plan's next save by anyone, finishes the stored change set before anything else — each step
 * idempotent, so a retry writes only what is left. A retry of a finished save answers the same and
 * writes nothing. A save that fails to finish three times is given up (the plan keeps what was
 * written, and the next save is checked against that).
 */
export async function savePlan(actor: Actor, rootId: string, input: SavePlanInput): Promise<SaveResult> {
  const { key, ...c } = input;
  const marker = (await PlanSaveEntity.get({ userId: actor.userId, key }).go()).data;
  if (marker && marker.rootId !== rootId) throw new ConflictError('This save key was used for another plan.');
  if (marker?.finished && marker.result) return JSON.parse(marker.result) as SaveResult;
  if (marker?.abandoned)
    throw new ConflictError('This save could not be finished. Open the plan again to see what was saved.');
  // A retry of an accepted save: what was accepted is finished, whatever this body says.
  if (marker) return finishSave(marker, marker.changes ? undefined : c);
  // A save of this plan still being written (this person's or another's) is finished first, so no
  // save is ever checked against, or written over, half of another.
  const pending = await finishPending(actor, rootId);
  // Sent with nothing to save while one was unfinished (the viewer opening such a plan): done.
  if (pending && isEmptyPlan(c)) return pending;
  await checkSave(actor, rootId, c);
  return finishSave(await acceptSave(actor, rootId, key, c));
}

/** The commit point: the marker with the change set and the plan's lock, in one transaction. */
async function acceptSave(actor: Actor, rootId: string, key: string, c: PlanChanges): Promise<Marker> {
  const ttl = Math.floor(Date.now() / 1000) + MARKER_DAYS * 86_400;
  const record = {
    userId: actor.userId,
    username: actor.username,
    key,
    rootId,
    ids: '{}',
    changes: JSON.stringify(c),
    ttl,
  };
  const result = await createWriteTransaction(
    { planSave: PlanSaveEntity, planSaveLock: PlanSaveLockEntity },
    ({ planSave, planSaveLock }) => [
      planSave.create(record).commit(),
      planSaveLock
        .create({ rootId, userId: actor.userId, key, startedAt: new Date().toISOString(), ttl })
        .commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = (result.data as Array<{ code?: string }>).map((d) => d.code ?? 'None');
    // The same key sent twice at once: the other request accepted it; finish that one.
    if (codes[0] === 'ConditionalCheckFailed') {
      const raced = (await PlanSaveEntity.get({ userId: actor.userId, key }).go()).data;
      if (raced?.finished && raced.result) return raced;
      throw unfinished();
    }
    // Someone else's save of this plan was accepted between our checks and now.
    throw new HttpError(409, PLANNING_MESSAGES.beingSaved, PLANNING_TEXTS[PLANNING_MESSAGES.beingSaved]);
  }
  return { ...record, done: [], finished: false } as Marker;
}

/**
 * The plan's save in progress, if any, finished (its answer), or given up after it failed to finish
 * MAX_FINISH_ATTEMPTS times (null: the plan stays as written). Null when none is in progress.
 */
async function finishPending(actor: Actor, rootId: string): Promise<SaveResult | null> {
  const lock = (await PlanSaveLockEntity.get({ rootId }).go()).data;
  if (!lock) return null;
  // Only someone who sees the plan sets its save going again (or learns of it): 404 otherwise.
  await taskFor(actor, rootId);
  const m = (await PlanSaveEntity.get({ userId: lock.userId, key: lock.key }).go()).data;
  if (!m?.changes || m.finished || m.abandoned) {
    // Its marker finished (or gone): the lock outlived it.
    await PlanSaveLockEntity.delete({ rootId }).go();
    return m?.finished && m.result ? (JSON.parse(m.result) as SaveResult) : null;
  }
  try {
    return await finishSave(m);
  } catch (e) {
    if ((lock.attempts ?? 0) + 1 < MAX_FINISH_ATTEMPTS) throw e;
    await PlanSaveEntity.patch({ userId: m.userId, key: m.key }).set({ abandoned: true }).go();
    await PlanSaveLockEntity.delete({ rootId }).go();
    return null;
  }
}

/**
 * Writes an accepted save's steps not yet written, as the person who saved it (their rights were
 * checked when it was accepted), then marks it finished and frees the plan. A failure counts an
 * attempt on the lock and answers `planning.save-unfinished`.
 */
async function finishSave(marker: Marker, legacy?: PlanChanges): Promise<SaveResult> {
  if (marker.finished && marker.result) return JSON.parse(marker.result) as SaveResult;
  const actor: Actor = { userId: marker.userId, username: marker.username ?? marker.userId };
  const c = legacy ?? (JSON.parse(marker.changes!) as PlanChanges);
  let result: SaveResult;
  try {
    result = await writeSteps(actor, marker, c);
  } catch (e) {
    if (legacy) throw e;
    await PlanSaveLockEntity.patch({ rootId: marker.rootId })
      .add({ attempts: 1 })
      .go()
      .catch(() => undefined);
    const err = unfinished();
    console.error('plan save unfinished', marker.rootId, marker.key, e);
    throw err;
  }
  await PlanSaveEntity.patch({ userId: marker.userId, key: marker.key })
    .set({ finished: true, result: JSON.stringify(result) })
    .go();
  if (!legacy) await PlanSaveLockEntity.delete({ rootId: marker.rootId }).go();
  return result;
}

/** The steps of a save, each skipped when its marker says it was written (module comment). */
async function writeSteps(actor: Actor, marker: Marker, c: PlanChanges): Promise<SaveResult> {
  const { rootId, key } = marker;
  const markerKey = { userId: marker.userId, key };
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
      try {
        await updateTask(actor, real(id), body);
      } catch (e) {
        // Deleted by someone else since the save was accepted: its edit no longer applies.
        if (!(e instanceof NotFoundError)) throw e;
      }
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
  return {
    rootId,
    created: c.creates.map((n) => ({ tempId: n.id, id: real(n.id) })),
    moved: c.moves.length,
    edited: c.edits.length,
    deleted,
    activated: c.activate.length,
  };
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
