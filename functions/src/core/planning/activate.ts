/**
 * "Mark all as active" in a planning save (spec 002 §4, decisions D74): the drafts' mode change as one
 * bulk write, not PATCH /task/{id}'s work per draft (~6 requests each, ~1,240 for 200).
 *
 * What a draft becoming active changes is the task rules' own (one home each): `applySaveRules` (the
 * activation time, set once), `todayPlacement` (nothing moves on a mode change alone — a task where
 * it would goes through updateTask instead), `taskCountDelta` (the creator's active-task counter) and
 * `placementFacts` (what each person's placement repeats of its task). The writes — the task under
 * its version, each person's placement, the creators' counters under their limits — go in
 * transactions of at most 100 actions, each draft's writes in one transaction with its counter.
 * A draft already active is skipped, so a retry writes only what is left.
 */
import {
  applySaveRules,
  sumCounts,
  type TaskCountedEvent,
  type TaskState,
  taskCountDelta,
  todayPlacement,
} from '@tandem/shared';
import { getItems, item } from '../../db/batch-get.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { MAX_TRANSACTION_ITEMS, TransactionCanceledError, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/errors.ts';
import { assertTaskCountsFit, limitFailure, taskCounterWrite } from '../access/limits.ts';
import { counted, peopleOf, type TaskRecord } from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { placementFacts, updateTask } from '../tasks/tasks.ts';
import { getUser } from '../user/user.ts';

const stateOf = (t: TaskRecord): TaskState => ({
  status: t.status,
  mode: t.mode as TaskState['mode'],
  flag: t.flag,
  priorityGroup: 0,
  dueAt: t.dueAt ?? null,
  completionAt: t.completionAt ?? null,
  activatedAt: t.activatedAt ?? null,
  taskPosition: 'top',
});

/** Each draft's activation as the task rules make it; `alone` false where more than the mode moves. */
export function activations(tasks: readonly TaskRecord[], now: Date) {
  return tasks
    .filter((t) => t.mode === 'draft')
    .map((t) => {
      const prev = stateOf(t);
      const next = applySaveRules(prev, { ...prev, mode: 'active' }, now);
      const facts = (s: TaskState) => ({ status: s.status, flag: s.flag, dueAt: s.dueAt });
      const alone =
        next.status === prev.status &&
        next.flag === prev.flag &&
        todayPlacement(facts(prev), facts(next), 0, 'UTC', now) === null;
      const delta = taskCountDelta(counted(t), counted({ ...t, mode: next.mode }));
      return { t, next, alone, delta };
    });
}
type Activation = ReturnType<typeof activations>[number];

/** The creators' records (the caller's own as provisioned), for their limits. */
async function ownersOf(actor: Actor, plans: readonly Activation[]) {
  const ids = [...new Set(plans.map((p) => p.t.createdBy))];
  const owners = new Map<string, UserRecord>();
  for (const id of ids) {
    const u = id === actor.userId ? await getUser(actor) : await readUser(id);
    if (u) owners.set(id, u);
  }
  return owners;
}

const totalsByOwner = (plans: readonly Activation[]) => {
  const out = new Map<string, Record<TaskCountedEvent, number>>();
  for (const p of plans) out.set(p.t.createdBy, sumCounts([out.get(p.t.createdBy) ?? {}, p.delta]));
  return out;
};

/**
 * Refuses, writing nothing, when the drafts' activation — with `mine`, what the save's new tasks add
 * to the caller's own counters — would pass a creator's limit: checked before a save is accepted, so
 * a limit never stops one part-way.
 */
export async function checkCounts(
  actor: Actor,
  tasks: readonly TaskRecord[],
  mine: Partial<Record<TaskCountedEvent, number>>,
  now = new Date(),
) {
  const plans = activations(tasks, now);
  const owners = await ownersOf(actor, [...plans, { t: { createdBy: actor.userId } } as Activation]);
  const totals = totalsByOwner(plans);
  totals.set(actor.userId, sumCounts([totals.get(actor.userId) ?? {}, mine]));
  for (const [id, delta] of totals) {
    const owner = owners.get(id);
    if (owner) assertTaskCountsFit(owner, delta);
  }
}

/**
 * Makes the drafts among `taskIds` active, reading them fresh (BatchGetItem) so each write is
 * conditional on the version just read. Returns how many were activated.
 */
export async function activateTasks(actor: Actor, taskIds: readonly string[], now = new Date()) {
  const read = await getItems(taskIds.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })));
  const plans = activations(
    read.filter((t): t is TaskRecord => t !== null),
    now,
  );
  // A draft whose activation moves it on a list (never on a mode change alone): the single update.
  for (const p of plans.filter((x) => !x.alone)) await updateTask(actor, p.t.taskId, { mode: 'active' }, now);
  const bulk = plans.filter((p) => p.alone);
  if (bulk.length === 0) return plans.length;
  const owners = await ownersOf(actor, bulk);

  // Packed in order: each draft's writes with room left for one counter write per creator.
  const groups: Activation[][] = [];
  let current: Activation[] = [];
  let used = 0;
  const creators = new Set<string>();
  for (const p of bulk) {
    const size = 1 + peopleOf(p.t).length;
    const extra = creators.has(p.t.createdBy) ? 0 : 1;
    if (current.length && used + size + creators.size + extra > MAX_TRANSACTION_ITEMS) {
      groups.push(current);
      current = [];
      used = 0;
      creators.clear();
    }
    current.push(p);
    used += size;
    creators.add(p.t.createdBy);
  }
  if (current.length) groups.push(current);

  for (const group of groups) {
    const totals = [...totalsByOwner(group)];
    try {
      await transact(({ task, placement, user }) => [
        // Counters first, so a refused limit is told by its index.
        ...totals.flatMap(([id, delta]) => {
          const w = taskCounterWrite(user, id, delta, owners.get(id) ?? null);
          return w ? [w] : [];
        }),
        ...group.flatMap(({ t, next }) => [
          task
            .patch({ taskId: t.taskId })
            .set({
              mode: next.mode,
              status: next.status,
              activatedAt: next.activatedAt!,
              version: t.version + 1,
            })
            .where(({ version }, { eq }) => eq(version, t.version))
            .commit(),
          ...peopleOf(t).map((userId) =>
            placement
              .patch({ userId, taskId: t.taskId })
              .set(placementFacts(t.groupId, next, t.title))
              .commit(),
          ),
        ]),
      ]);
    } catch (e) {
      if (!(e instanceof TransactionCanceledError)) throw e;
      const counterAt = totals.findIndex((_, i) => e.failedAt(i));
      if (counterAt >= 0) await limitFailure(e, counterAt, totals[counterAt]![0], totals[counterAt]![1]);
      throw new ConflictError('Some tasks changed while they were being made active. Save again.');
    }
  }
  return plans.length;
}
