/**
 * The plan save all or nothing (issue 16; decisions D74). A save is checked whole and accepted whole
 * (its change set stored with the plan's lock, one transaction) before any step is written; a
 * failure part-way answers 409 `planning.save-unfinished`, and the same key — or the plan's next save,
 * or the viewer opening it (an empty save) — finishes the accepted change set, once. The failure is a
 * real conditional failure in DynamoDB Local: a person's placement the activation must update is
 * taken away, so that transaction is cancelled after earlier ones landed.
 */
import { randomUUID } from 'node:crypto';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { PlanSaveEntity, PlanSaveLockEntity } from '@tandem/functions/db/entities/plan-save';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { describe, expect, it } from 'vitest';
import { counters, draftPlan, save } from './plan-support.ts';
import { type Api, person, privateGroup } from './support.ts';

const treeOf = async (rootId: string) =>
  (await TaskEntity.query.byTree({ rootId }).go({ pages: 'all' })).data;
const activeIn = async (rootId: string) =>
  (await treeOf(rootId)).filter((t) => t.mode === 'active' && t.taskId !== rootId).length;
const unfinished = async (api: Api, rootId: string) => {
  const r = await api.get(`/task/plan/${rootId}`);
  expect(r.status).toBe(200);
  return r.body.unfinished_save as boolean;
};

/** 250 drafts; the save adds 20 nodes, renames 5 and marks the 250 active (250 + 20 + 5 nodes). */
async function bigSave() {
  const ann = await person('Ann');
  const group = await privateGroup(ann.api);
  const { root, ids } = await draftPlan(ann.api, group, 250);
  expect(ids).toHaveLength(250);
  const changes = {
    creates: Array.from({ length: 20 }, (_, i) => ({
      id: `new:x${i}`,
      parent_id: root,
      title: `Added ${i}`,
      level: 4,
    })),
    edits: ids.slice(0, 5).map((id, i) => ({ id, title: `Renamed ${i}` })),
    activate: ids,
  };
  return { ann, root, ids, changes };
}

describe('the plan save, all or nothing', () => {
  it('a failure part-way: 409, the plan marked unfinished, then the same key writes all of it, once', async () => {
    const { ann, root, ids, changes } = await bigSave();
    const before = await counters(ann.userId);
    // The blocker: Ann's placement of the 231st draft is gone, so the activation's transaction that
    // updates it is cancelled (the earlier ones have landed by then).
    const blocked = (await PlacementEntity.get({ userId: ann.userId, taskId: ids[230]! }).go()).data!;
    await PlacementEntity.delete({ userId: ann.userId, taskId: ids[230]! }).go();

    const key = `k-${randomUUID()}`;
    const first = await save(ann.api, root, changes, key);
    expect(first.status, JSON.stringify(first.body)).toBe(409);
    expect(first.body.code).toBe('planning.save-unfinished');
    const partly = await activeIn(root);
    expect(partly).toBeGreaterThan(0); // it failed in the middle …
    expect(partly).toBeLessThan(250);
    expect(await unfinished(ann.api, root)).toBe(true); // … and the plan says so.

    // Another save of the plan meanwhile finishes the accepted one first: still blocked, so it is
    // refused the same way and writes nothing of its own.
    const other = await save(ann.api, root, { edits: [{ id: ids[7]!, title: 'Not yet' }] });
    expect(other.status, JSON.stringify(other.body)).toBe(409);
    expect(other.body.code).toBe('planning.save-unfinished');
    expect((await TaskEntity.get({ taskId: ids[7]! }).go()).data!.title).not.toBe('Not yet');

    // The blocker gone, the same key finishes the save: everything, once.
    await PlacementEntity.put(blocked).go();
    const retry = await save(ann.api, root, changes, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ activated: 250, edited: 5 });
    expect(retry.body.created).toHaveLength(20);
    const tree = await treeOf(root);
    expect(tree).toHaveLength(1 + 250 + 20);
    expect(await activeIn(root)).toBe(250);
    const byId = new Map(tree.map((t) => [t.taskId, t]));
    expect(ids.slice(0, 5).map((id) => byId.get(id)!.title)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Renamed ${i}`),
    );
    expect(tree.filter((t) => t.title.startsWith('Added '))).toHaveLength(20);
    const after = await counters(ann.userId);
    expect((after.activeTasksCount ?? 0) - (before.activeTasksCount ?? 0)).toBe(250);
    expect((after.totalTasksCount ?? 0) - (before.totalTasksCount ?? 0)).toBe(20);
    expect(await unfinished(ann.api, root)).toBe(false);
    expect((await PlanSaveLockEntity.get({ rootId: root }).go()).data).toBeNull();

    // Idempotent: the key again answers the same and writes nothing.
    const again = await save(ann.api, root, changes, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(retry.body);
    expect(await treeOf(root)).toHaveLength(271);
    const still = await counters(ann.userId);
    expect([still.activeTasksCount, still.totalTasksCount]).toEqual([
      after.activeTasksCount,
      after.totalTasksCount,
    ]);
  });

  it('opening the plan (an empty save) finishes an unfinished save; three failed tries give it up', async () => {
    const { ann, root, ids, changes } = await bigSave();
    const blocked = (await PlacementEntity.get({ userId: ann.userId, taskId: ids[230]! }).go()).data!;
    await PlacementEntity.delete({ userId: ann.userId, taskId: ids[230]! }).go();
    const key = `k-${randomUUID()}`;
    expect((await save(ann.api, root, changes, key)).status).toBe(409);
    await PlacementEntity.put(blocked).go();
    // Someone who cannot see the plan neither finishes it nor learns of it.
    const eve = await person('Eve');
    expect((await save(eve.api, root, {})).status).toBe(404);
    expect(await unfinished(ann.api, root)).toBe(true);
    // What the viewer sends when the plan it opens is unfinished: nothing to save, a fresh key.
    const opened = await save(ann.api, root, {});
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.activated).toBe(250);
    expect(await activeIn(root)).toBe(250);
    expect(await unfinished(ann.api, root)).toBe(false);
    // Nothing unfinished any more: an empty save is "nothing to save" again.
    const empty = await save(ann.api, root, {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('planning.no-changes-to-save');

    // A save that cannot be finished (the placement stays gone) is given up at the third try: the
    // plan keeps what was written and the next save goes ahead, checked against it.
    const second = await bigSave();
    const gone = second.ids[230]!;
    await PlacementEntity.delete({ userId: second.ann.userId, taskId: gone }).go();
    const k2 = `k-${randomUUID()}`;
    expect((await save(second.ann.api, second.root, second.changes, k2)).status).toBe(409); // try 1
    expect((await save(second.ann.api, second.root, second.changes, k2)).status).toBe(409); // try 2
    const next = await save(second.ann.api, second.root, { edits: [{ id: second.ids[9]!, title: 'Later' }] });
    expect(next.status, JSON.stringify(next.body)).toBe(200); // try 3 failed: given up, then this save
    expect((await TaskEntity.get({ taskId: second.ids[9]! }).go()).data!.title).toBe('Later');
    expect((await PlanSaveEntity.get({ userId: second.ann.userId, key: k2 }).go()).data!.abandoned).toBe(
      true,
    );
    expect(await unfinished(second.ann.api, second.root)).toBe(false);
    const givenUp = await save(second.ann.api, second.root, second.changes, k2);
    expect(givenUp.status).toBe(409);
  });

  it('a cycle or a node without a title in a 250-node save writes nothing, and leaves no lock', async () => {
    const { ann, root, ids, changes } = await bigSave();
    const before = await treeOf(root);
    const counted = await counters(ann.userId);
    const cycle = await save(ann.api, root, {
      ...changes,
      moves: [{ id: ids[0]!, parent_id: ids[1]!, level: 6 }], // Branch 0 under its own leaf
    });
    expect(cycle.status, JSON.stringify(cycle.body)).toBe(400);
    expect(cycle.body.code).toBe('planning.move-under-descendant');
    const untitled = await save(ann.api, root, {
      ...changes,
      creates: [...changes.creates, { id: 'new:blank', parent_id: root, title: '  ', level: 4 }],
    });
    expect(untitled.status, JSON.stringify(untitled.body)).toBe(400);
    expect(untitled.body.code).toBe('planning.title-required');
    const after = await treeOf(root);
    const key = (t: { taskId: string; title: string; mode: string; parentId?: string; version: number }) =>
      `${t.taskId}|${t.title}|${t.mode}|${t.parentId}|${t.version}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    expect((await counters(ann.userId)).activeTasksCount).toBe(counted.activeTasksCount);
    expect((await PlanSaveLockEntity.get({ rootId: root }).go()).data).toBeNull();
    expect(await unfinished(ann.api, root)).toBe(false);
  });
});
