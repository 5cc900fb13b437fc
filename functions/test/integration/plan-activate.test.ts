/**
 * "Mark all as active" in a planning save (decisions D74): the drafts' mode change is one bulk write
 * in transactions of at most 100 actions — the activation time, each person's placement, the
 * creator's active-task counter — with its DynamoDB requests pinned at 200 drafts.
 */
import { randomUUID } from 'node:crypto';
import { limitOf } from '@tandem/functions/core/access/limits';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { PlanSaveLockEntity } from '@tandem/functions/db/entities/plan-save';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { counters, draftPlan, save } from './plan-support.ts';
import { addMember, newGroup, person, privateGroup, task } from './support.ts';

/** Pinned: lower it when a change lowers it, never raise it (was ~1,240 as an edit per draft; 17 before
 * the save was made all or nothing, which adds its lock: one read, the accept transaction, one delete). */
const ACTIVATE_200_REQUESTS = 19;

describe('mark all as active: one bulk mode change', () => {
  it('activates 200 drafts within the pinned requests, with what activation sets, once', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const { root, ids } = await draftPlan(ann.api, group, 200);
    expect(ids).toHaveLength(200);
    const before = await counters(ann.userId);
    const key = `k-${randomUUID()}`;
    const started = Date.now();
    const r = await save(ann.api, root, { activate: ids }, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.activated).toBe(200);
    const n = Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));
    expect(n, `made ${n} DynamoDB requests`).toBeGreaterThan(0);
    expect(n, `made ${n} DynamoDB requests`).toBeLessThanOrEqual(ACTIVATE_200_REQUESTS);

    const tasks = (await TaskEntity.query.byTree({ rootId: root }).go({ pages: 'all' })).data.filter(
      (t) => t.taskId !== root,
    );
    expect(tasks).toHaveLength(200);
    for (const t of tasks) {
      expect(t.mode).toBe('active');
      expect(Date.parse(t.activatedAt!)).toBeGreaterThanOrEqual(started - 1000);
    }
    const placements = (
      await PlacementEntity.query.byUser({ userId: ann.userId }).go({ pages: 'all' })
    ).data.filter((p) => ids.includes(p.taskId));
    expect(placements.map((p) => p.mode)).toEqual(ids.map(() => 'active'));
    // The lists read the placements: all 200 are found as active.
    const listed = await ann.api.get('/task?mode=active&size=100');
    expect(listed.status).toBe(200);
    expect(
      (listed.body.results as Array<{ id: string }>).every((t) => ids.includes(t.id) || t.id === root),
    ).toBe(true);
    const after = await counters(ann.userId);
    expect((after.activeTasksCount ?? 0) - (before.activeTasksCount ?? 0)).toBe(200);

    // The same key again: the first answer, nothing written (the counters do not move twice).
    const again = await save(ann.api, root, { activate: ids }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect((await counters(ann.userId)).activeTasksCount).toBe(after.activeTasksCount);
    // Nothing left to activate under a fresh key: nothing changes.
    const fresh = await save(ann.api, root, { activate: ids.slice(0, 3) });
    expect(fresh.status).toBe(200);
    expect((await counters(ann.userId)).activeTasksCount).toBe(after.activeTasksCount);
  });

  it('moves an assignee’s placement too, and refuses a viewer (403) with nothing written', async () => {
    const ann = await person('Ann');
    const mia = await person('Mia');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, mia, 5);
    await addMember(ann.api, g.id, vic, 4);
    const root = await task(ann.api, { title: 'Launch', group: g.id, level: 3 });
    const made = await save(ann.api, root.id, {
      creates: [{ id: 'new:1', parent_id: root.id, title: 'Brief', level: 4 }],
    });
    const brief = made.body.created[0].id as string;
    const assigned = await ann.api.patch(`/task/${brief}`, {
      task_assignees: [{ user: mia.userId, role: 5 }],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const refused = await save(vic.api, root.id, { activate: [brief] });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect((await TaskEntity.get({ taskId: brief }).go()).data!.mode).toBe('draft');

    const ok = await save(ann.api, root.id, { activate: [brief] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const mine = (await PlacementEntity.get({ userId: mia.userId, taskId: brief }).go()).data!;
    expect(mine.mode).toBe('active');
    expect((await mia.api.get(`/task/${brief}`)).body.mode).toBe('active');
  });

  it('refuses, writing nothing, a save whose activations or new tasks would pass a limit', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const { root, ids } = await draftPlan(ann.api, group, 3);
    const me = await counters(ann.userId);
    const pkg = me.subscription.package;
    // Two places left under the active-task limit, three drafts to activate.
    await UserEntity.patch({ userId: ann.userId })
      .set({ activeTasksCount: limitOf(pkg, 'activeTasks') - 2 })
      .go();
    const r = await save(ann.api, root, { activate: ids });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(JSON.stringify(r.body)).toContain('activeTasks');
    const modes = await Promise.all(
      ids.map(async (id) => (await TaskEntity.get({ taskId: id }).go()).data!.mode),
    );
    expect(modes).toEqual(['draft', 'draft', 'draft']);
    expect((await counters(ann.userId)).activeTasksCount).toBe(limitOf(pkg, 'activeTasks') - 2);
    expect((await PlanSaveLockEntity.get({ rootId: root }).go()).data).toBeNull();
    // One task left under the total: two new ones are refused before anything is written.
    await UserEntity.patch({ userId: ann.userId })
      .set({ activeTasksCount: 0, totalTasksCount: limitOf(pkg, 'totalTasks') - 1 })
      .go();
    const made = await save(ann.api, root, {
      creates: [
        { id: 'new:1', parent_id: root, title: 'One', level: 4 },
        { id: 'new:2', parent_id: root, title: 'Two', level: 4 },
      ],
      activate: ids,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(400);
    expect(JSON.stringify(made.body)).toContain('totalTasks');
    expect((await TaskEntity.query.byTree({ rootId: root }).go({ pages: 'all' })).data).toHaveLength(4);
  });
});
