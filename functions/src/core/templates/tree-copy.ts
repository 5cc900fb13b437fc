/**
 * Copies of task trees (decisions D57): a task's tree kept as a template, a template cloned, a
 * template applied as a draft. The copy keeps each node's title, description, flag, level and place
 * in the tree; it gets the mode asked, the group asked and fresh ids. Template nodes get no
 * placements (no list, Today, calendar or report reads them); draft nodes get their creator's.
 *
 * Writes are all-or-nothing across DynamoDB's 100-action transactions: the copies' chunks go
 * together, then the LAST one with the creator's counters (and any extra items: the template item,
 * its title lock); when any fails, every chunk already written is deleted again before the error is
 * answered.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  endSortCodes,
  MAX_TEMPLATE_NODES,
  PRIORITY_GROUP,
  sumCounts,
  type TaskMode,
  TEMPLATE_MESSAGES,
  taskCountDelta,
} from '@tandem/shared';
import { delegatedOutKeys, PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { TaskChildEntity } from '../../db/entities/task-child.ts';
import {
  chunks,
  MAX_BATCH_WRITE_ITEMS,
  MAX_TRANSACTION_ITEMS,
  TransactionCanceledError,
} from '../../db/transact.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { assertTaskCountsFit, limitFailure, taskCounterWrite } from '../access/limits.ts';
import { displayName } from '../access/roster.ts';
import { counted, type TaskAssignee, type TaskRecord } from '../access/task-access.ts';
import type { UserRecord } from '../access/users.ts';
import { type TemplateTx, transact } from './transact.ts';

/** A chunk's condition failed (something changed meanwhile); the chunks before it were undone. */
export const COPY_RACED = 'Something changed while the tasks were being copied. Nothing was kept; try again.';

type Tx = TemplateTx;
type TxItem = ReturnType<Tx['task']['create']>['commit'] extends () => infer R ? R : never;

/** The whole tree of a root (one Query on the tree index). */
export async function treeOf(rootId: string): Promise<TaskRecord[]> {
  return (await TaskEntity.query.byTree({ rootId }).go({ pages: 'all' })).data;
}

/** The subtree of `id` inside `tree`, `id` first, parents before children. */
export function subtree(tree: readonly TaskRecord[], id: string): TaskRecord[] {
  const byParent = new Map<string, TaskRecord[]>();
  for (const t of tree) if (t.parentId) byParent.set(t.parentId, [...(byParent.get(t.parentId) ?? []), t]);
  const top = tree.find((t) => t.taskId === id);
  if (!top) return [];
  const out = [top];
  for (let i = 0; i < out.length; i++) out.push(...(byParent.get(out[i]!.taskId) ?? []));
  return out;
}

/** A UUID-shaped id derived from the parts: the same apply makes the same ids (idempotency). */
export function derivedId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface CopyPlan {
  rootId: string;
  tasks: TaskRecord[];
  links: Array<{ parentId: string; childId: string }>;
  placements: Array<Parameters<Tx['placement']['create']>[0]>;
}

/**
 * The copy of `source` (a subtree, its root first) as new task records: `newId` names each copy.
 * `titleOfRoot` renames the root (a template's title).
 */
export function planCopy(
  source: readonly TaskRecord[],
  opts: {
    mode: TaskMode;
    groupId: string;
    creator: UserRecord;
    newId: (oldId: string) => string;
    now: Date;
    titleOfRoot?: string;
    /** Who a copied node is assigned to (a template applied through its role mapping, D64). */
    assigneeOf?: (source: TaskRecord) => TaskAssignee | undefined;
    /** The copy's manager (its mapping row's managing role, D74): one of its people (spec 002 §6:
     * Assignee or Creator), so a manager who is neither is made an assignee too. */
    managerOf?: (source: TaskRecord) => TaskAssignee | undefined;
  },
): CopyPlan {
  if (source.length === 0) throw new ValidationError({ task: TEMPLATE_MESSAGES.notATemplate });
  if (source.length > MAX_TEMPLATE_NODES) throw new ValidationError({ task: TEMPLATE_MESSAGES.tooBig });
  const inCopy = new Set(source.map((t) => t.taskId));
  const root = source[0]!;
  const rootId = opts.newId(root.taskId);
  const iso = opts.now.toISOString();
  const tasks: TaskRecord[] = source.map((t, i) => {
    const parentId = t !== root && t.parentId && inCopy.has(t.parentId) ? opts.newId(t.parentId) : undefined;
    const assignee = opts.mode === 'template' ? undefined : opts.assigneeOf?.(t);
    const manager = opts.mode === 'template' ? undefined : opts.managerOf?.(t);
    // The assignee as before; the manager beside them unless they are the creator or the assignee.
    const extra = manager && manager.userId !== opts.creator.userId ? manager : undefined;
    const people = [extra, assignee].filter((p): p is TaskAssignee => p !== undefined);
    return {
      taskId: opts.newId(t.taskId),
      title: t === root && opts.titleOfRoot ? opts.titleOfRoot : t.title,
      description: t.description,
      ...(t.descriptionDoc ? { descriptionDoc: t.descriptionDoc } : {}),
      flag: t.flag,
      status: 1,
      mode: opts.mode,
      level: t.level,
      groupId: opts.groupId,
      ...(parentId ? { parentId } : {}),
      rootId,
      childCount: source.filter((c) => c !== root && c.parentId === t.taskId).length,
      createdBy: opts.creator.userId,
      creatorName: displayName(opts.creator),
      ...(opts.creator.config.avatar ? { creatorAvatarId: opts.creator.config.avatar.id } : {}),
      ...(t.assigningRole ? { assigningRole: t.assigningRole } : {}),
      delegationType: 'SI',
      assignees: Object.fromEntries(people.map((p) => [p.userId, p])),
      ...(manager ? { managerId: manager.userId } : {}),
      roles: {},
      pending: {},
      version: 1,
      // Copies keep the source's order, each a millisecond after the one before; the root is the
      // newest, so newest-first lists show the tree's root before its descendants.
      createdAt: new Date(opts.now.getTime() + (t === root ? source.length : i)).toISOString(),
      updatedAt: iso,
    } as TaskRecord;
  });
  const links = tasks.flatMap((t) => (t.parentId ? [{ parentId: t.parentId, childId: t.taskId }] : []));
  const placements: CopyPlan['placements'] = [];
  if (opts.mode !== 'template') {
    const codes = endSortCodes('bottom', tasks.length, opts.now.getTime());
    const others = tasks.flatMap((t) => Object.keys(t.assignees).filter((id) => id !== opts.creator.userId));
    // Each assignee's copies go to the bottom of their own Later, in the tree's order.
    const theirCodes = new Map<string, string[]>();
    for (const id of new Set(others)) {
      theirCodes.set(id, endSortCodes('bottom', others.filter((o) => o === id).length, opts.now.getTime()));
    }
    for (const [i, t] of tasks.entries()) {
      const delegated = Object.keys(t.assignees).filter((id) => id !== opts.creator.userId);
      const shared = {
        taskId: t.taskId,
        priorityGroup: PRIORITY_GROUP.later,
        taskPosition: 'bottom' as const,
        scheduled: false,
        groupId: t.groupId,
        delegationType: t.delegationType,
        ...(t.parentId ? { parentId: t.parentId } : {}),
        mode: t.mode,
        status: t.status,
        titleLower: t.title.toLowerCase(),
        createdAt: t.createdAt,
      };
      for (const userId of delegated) {
        placements.push({
          ...shared,
          userId,
          sortCode: theirCodes.get(userId)!.shift()!,
          isOwner: false,
          delegatedToMe: true,
          delegatedOut: false,
        });
      }
      placements.push({
        userId: opts.creator.userId,
        taskId: t.taskId,
        priorityGroup: PRIORITY_GROUP.later,
        sortCode: codes[i]!,
        taskPosition: 'bottom',
        isOwner: true,
        delegatedToMe: false,
        scheduled: false,
        ...(delegated.length
          ? delegatedOutKeys(opts.creator.userId, t.createdAt, t.taskId)
          : { delegatedOut: false }),
        groupId: t.groupId,
        delegationType: t.delegationType,
        ...(t.parentId ? { parentId: t.parentId } : {}),
        mode: t.mode,
        status: t.status,
        titleLower: t.title.toLowerCase(),
        createdAt: t.createdAt,
      });
    }
  }
  return { rootId, tasks, links, placements };
}

type Action = {
  write: (tx: Tx) => TxItem;
  undo?: { entity: 'task' | 'taskChild' | 'placement'; key: object };
};

/**
 * Writes the copy with the creator's counters and `extra` (the template item, its title lock) in
 * the last transaction; all or nothing. `onLastFailed` answers a failed condition of the first extra
 * item (a title taken); a failed counter condition answers the limit.
 */
export async function writeCopy(
  plan: CopyPlan,
  creator: UserRecord,
  extra: Array<(tx: Tx) => TxItem> = [],
  onLastFailed?: (e: unknown, extraIndexOffset: number) => never,
): Promise<void> {
  const delta = sumCounts(plan.tasks.map((t) => taskCountDelta(null, counted(t))));
  assertTaskCountsFit(creator, delta);
  const actions: Action[] = [
    ...plan.tasks.map(
      (t): Action => ({
        write: (tx) => tx.task.create(t).commit(),
        undo: { entity: 'task', key: { taskId: t.taskId } },
      }),
    ),
    ...plan.links.map(
      (l): Action => ({
        write: (tx) => tx.taskChild.put(l).commit(),
        undo: { entity: 'taskChild', key: l },
      }),
    ),
    ...plan.placements.map(
      (p): Action => ({
        write: (tx) => tx.placement.create(p).commit(),
        undo: { entity: 'placement', key: { userId: p.userId, taskId: p.taskId } },
      }),
    ),
  ];
  // The last transaction: extra items first (their conditions answer first), then the counters.
  const last: Action[] = [
    ...extra.map((write): Action => ({ write })),
    { write: (tx) => taskCounterWrite(tx.user, creator.userId, delta, creator)! },
  ];
  const room = MAX_TRANSACTION_ITEMS - last.length;
  const body = chunks(actions, room);
  // The last chunk of copies rides with the extra items and the counters when it fits.
  const tail = body.length && body.at(-1)!.length + last.length <= MAX_TRANSACTION_ITEMS ? body.pop()! : [];
  // The copies' chunks go together (none depends on another; a failure undoes them all), then the
  // last one with the extra items and the counters.
  const written: Action[] = [];
  const settled = await Promise.allSettled(
    body.map((group) => transact((tx) => group.map((a) => a.write(tx)))),
  );
  for (const [i, r] of settled.entries()) if (r.status === 'fulfilled') written.push(...body[i]!);
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await undo(written);
    if (failure.reason instanceof TransactionCanceledError) throw new ConflictError(COPY_RACED);
    throw failure.reason;
  }
  const final = [...last, ...tail];
  try {
    await transact((tx) => final.map((a) => a.write(tx)));
  } catch (e) {
    await undo(written);
    if (e instanceof TransactionCanceledError) {
      // The title lock (the first extra item) taken, or the counters past the limit.
      if (extra.length && e.failedAt(0)) onLastFailed?.(e, 0);
      if (e.failedAt(extra.length)) await limitFailure(e, extra.length, creator.userId, delta);
      throw new ConflictError(COPY_RACED);
    }
    throw e;
  }
}

/** Deletes what earlier chunks wrote (BatchWriteItem, 25 a request). */
export async function undo(written: readonly Action[]): Promise<void> {
  const by = { task: TaskEntity, taskChild: TaskChildEntity, placement: PlacementEntity } as const;
  for (const kind of ['placement', 'taskChild', 'task'] as const) {
    const keys = written.flatMap((a) => (a.undo?.entity === kind ? [a.undo.key] : []));
    for (const part of chunks(keys, MAX_BATCH_WRITE_ITEMS)) {
      // biome-ignore lint/suspicious/noExplicitAny: the keys are each entity's own
      await (by[kind] as any).delete(part).go();
    }
  }
}

export const freshIds = () => {
  const ids = new Map<string, string>();
  return (old: string) => {
    const id = ids.get(old) ?? randomUUID();
    ids.set(old, id);
    return id;
  };
};
