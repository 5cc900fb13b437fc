/**
 * A template's new nodes, saved from the planning viewer (D64): task items in mode `template` with
 * no placements (as core/templates keeps template trees, D57), under parents already in the tree or
 * among themselves. Their ids are derived from the caller, the save's key and the temp id, so a retry
 * names the same items. Written in transactions of at most 100 actions, the creator's counters in the
 * last; when one fails, what the earlier ones wrote is taken back and the error answered.
 *
 * Kept here rather than beside core/templates' copies: that module brings the template entities'
 * transactions, which the save's bundle does not otherwise need (infra/test/bundles.test.ts).
 */
import { createHash } from 'node:crypto';
import { sumCounts, taskCountDelta } from '@tandem/shared';
import { TaskEntity } from '../../db/entities/task.ts';
import { TaskChildEntity } from '../../db/entities/task-child.ts';
import { chunks, MAX_TRANSACTION_ITEMS, transact } from '../../db/transact.ts';
import { assertTaskCountsFit, taskCounterWrite } from '../access/limits.ts';
import { displayName } from '../access/roster.ts';
import { counted, type TaskRecord } from '../access/task-access.ts';
import type { UserRecord } from '../access/users.ts';

/** A UUID-shaped id derived from the parts (the same save names the same ids). */
export function planNodeId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface NewTemplateNode {
  id: string;
  parentId: string;
  title: string;
  level: number;
  flag: number;
  assigningRole?: string;
}

/** The new nodes as task records, and how many new children each existing parent gets. */
export function templateNodes(
  root: Pick<TaskRecord, 'rootId' | 'groupId'>,
  creates: readonly NewTemplateNode[],
  opts: {
    creator: UserRecord;
    idOf: (tempId: string) => string;
    parentOf: (id: string) => string;
    now: Date;
  },
): { tasks: TaskRecord[]; parentsGrown: Map<string, number> } {
  const fresh = new Set(creates.map((c) => c.id));
  const tasks = creates.map(
    (c, i) =>
      ({
        taskId: opts.idOf(c.id),
        title: c.title.trim(),
        description: '',
        flag: c.flag,
        status: 1,
        mode: 'template',
        level: c.level,
        groupId: root.groupId,
        parentId: fresh.has(c.parentId) ? opts.idOf(c.parentId) : opts.parentOf(c.parentId),
        rootId: root.rootId,
        childCount: creates.filter((k) => k.parentId === c.id).length,
        createdBy: opts.creator.userId,
        creatorName: displayName(opts.creator),
        ...(opts.creator.config.avatar ? { creatorAvatarId: opts.creator.config.avatar.id } : {}),
        ...(c.assigningRole ? { assigningRole: c.assigningRole } : {}),
        delegationType: 'SI',
        assignees: {},
        roles: {},
        pending: {},
        version: 1,
        createdAt: new Date(opts.now.getTime() + i).toISOString(),
        updatedAt: opts.now.toISOString(),
      }) as TaskRecord,
  );
  const parentsGrown = new Map<string, number>();
  for (const c of creates) {
    if (fresh.has(c.parentId)) continue;
    const p = opts.parentOf(c.parentId);
    parentsGrown.set(p, (parentsGrown.get(p) ?? 0) + 1);
  }
  return { tasks, parentsGrown };
}

type Step =
  | { kind: 'task'; t: TaskRecord }
  | { kind: 'link'; t: TaskRecord }
  | { kind: 'grow'; id: string; n: number };

/** Writes `templateNodes`' answer, all or nothing (module comment). */
export async function writeTemplateNodes(
  made: ReturnType<typeof templateNodes>,
  creator: UserRecord,
): Promise<void> {
  const delta = sumCounts(made.tasks.map((t) => taskCountDelta(null, counted(t))));
  assertTaskCountsFit(creator, delta);
  const steps: Step[] = [
    ...made.tasks.map((t): Step => ({ kind: 'task', t })),
    ...made.tasks.map((t): Step => ({ kind: 'link', t })),
    ...[...made.parentsGrown].map(([id, n]): Step => ({ kind: 'grow', id, n })),
  ];
  const parts = chunks(steps, MAX_TRANSACTION_ITEMS);
  if (parts.length === 0 || parts.at(-1)!.length === MAX_TRANSACTION_ITEMS) parts.push([]);
  const written: Step[] = [];
  try {
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      await transact(({ task, taskChild, user }) => {
        const counter = last ? taskCounterWrite(user, creator.userId, delta, creator) : undefined;
        return [
          ...part.map((s) =>
            s.kind === 'task'
              ? task.create(s.t).commit()
              : s.kind === 'link'
                ? taskChild.put({ parentId: s.t.parentId!, childId: s.t.taskId }).commit()
                : task.patch({ taskId: s.id }).add({ childCount: s.n, version: 1 }).commit(),
          ),
          ...(counter ? [counter] : []),
        ];
      });
      written.push(...part);
    }
  } catch (e) {
    await takeBack(written);
    throw e;
  }
}

async function takeBack(written: readonly Step[]) {
  // One delete or patch each (a failed save is rare; the save's function keeps to single writes).
  for (const s of written) {
    if (s.kind === 'grow') await TaskEntity.patch({ taskId: s.id }).add({ childCount: -s.n }).go();
    else if (s.kind === 'link')
      await TaskChildEntity.delete({ parentId: s.t.parentId!, childId: s.t.taskId }).go();
    else await TaskEntity.delete({ taskId: s.t.taskId }).go();
  }
}
