/**
 * What the daily normalisation costs (issue 10, target 5; decisions D34): it reads only the person's
 * day watch, so a person with nothing to change costs at most 5 DynamoDB requests however many tasks
 * they have, and the writes grow with what changes (up to 100 moves in one transaction, one per
 * routine instance). Also what keeps the watch right: a save by someone else that makes a shared
 * task urgent puts it on everyone's watch, and a task that can no longer change leaves it.
 */
import { countRequests } from '@tandem/functions/lib/request-count';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

const { normalizeUser } = await import('../../src/core/schedules/normalization.ts');
const { PlacementEntity } = await import('../../src/db/entities/placement.ts');
const { backfillDayWatchKeys } = await import('../../src/db/migrations/day-watch-keys.ts');
const { documentClient } = await import('../../src/db/client.ts');
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

const day = (plus: number, hour: number) =>
  DateTime.utc().plus({ days: plus }).set({ hour, minute: 0, second: 0, millisecond: 0 });

/** Runs the normalisation and answers its result with the DynamoDB requests it made. */
async function run(userId: string, at: DateTime, zone: string | undefined = 'UTC') {
  const { result, tally } = await countRequests(() => normalizeUser(userId, zone, at.toJSDate()));
  return { ...result, requests: tally.count };
}

async function scheduled(api: Api, group: string, title: string, start: DateTime, extra = {}) {
  const t = await task(api, { title, group });
  const r = await api.patch(`/task/schedule/${t.id}`, {
    start_date: start.toISO(),
    duration: 30,
    timezone: 'UTC',
    ...extra,
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return t.id as string;
}

describe('the cost of the daily normalisation', () => {
  it('nothing to change: at most 5 requests, the same with 0 or 40 undated tasks', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await scheduled(ann.api, group, 'Dentist', day(9, 10));
    const empty = await run(ann.userId, day(2, 4));
    expect(empty).toMatchObject({ movedToNow: 0, movedToScheduled: 0, instances: 0, changed: [] });
    for (let i = 0; i < 40; i++)
      await task(ann.api, { title: `Plain ${i}`, group, priority_group: 1 + (i % 3) });
    const full = await run(ann.userId, day(2, 5));
    expect(full.changed).toEqual([]);
    expect(full.requests).toBeLessThanOrEqual(5);
    expect(full.requests).toBe(empty.requests);
    // Without a zone given the person's record is read for theirs: still within 5.
    expect((await run(ann.userId, day(2, 6), undefined)).requests).toBeLessThanOrEqual(5);
  });

  it('the second run of a day with moves, routines and a reminder: at most 5 requests', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await scheduled(ann.api, group, 'Call the bank', day(2, 9));
    await scheduled(ann.api, group, 'Stretch', day(1, 7), { recur_rule: 'FREQ=DAILY', flexible_time: 1 });
    await task(ann.api, { title: 'Pay rent', group, due_at: day(2, 17).toISO(), priority_group: 2 });
    const first = await run(ann.userId, day(2, 4));
    expect(first).toMatchObject({ movedToNow: 2, instances: 1, reminded: true });
    expect(first.changed).toEqual([0, 2, 4, 5]);
    const second = await run(ann.userId, day(2, 8));
    expect(second).toMatchObject({ movedToNow: 0, instances: 0, reminded: false, changed: [] });
    expect(second.requests).toBeLessThanOrEqual(5);
  });

  it('moves cost one transaction for many tasks; each routine instance one more', async () => {
    const cost = async (moves: number, routines: number) => {
      const p = await person('Pat');
      const group = await privateGroup(p.api);
      for (let i = 0; i < moves; i++) await scheduled(p.api, group, `Errand ${i}`, day(3, 9));
      for (let i = 0; i < routines; i++)
        await scheduled(p.api, group, `Routine ${i}`, day(1, 7), {
          recur_rule: 'FREQ=DAILY',
          flexible_time: 2,
        });
      const r = await run(p.userId, day(3, 4));
      expect(r.movedToNow).toBe(moves);
      expect(r.instances).toBe(routines);
      return r.requests;
    };
    const two = await cost(2, 0);
    const twelve = await cost(12, 0);
    expect(twelve).toBe(two);
    // lease, watch, tasks, top of Today, one transaction, person, reminder, day state.
    expect(two).toBeLessThanOrEqual(8);
    const oneRoutine = await cost(0, 1);
    const fourRoutines = await cost(0, 4);
    expect(fourRoutines - oneRoutine).toBe(3);
  });

  it('a shared task another member makes urgent moves to the top of my Today at my normalisation', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const t = await task(ann.api, {
      title: 'Fix the roof',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    // Bob keeps it in Later (his own placement; an assignee's drag, done here directly).
    await PlacementEntity.patch({ userId: bob.userId, taskId: t.id }).set({ priorityGroup: 2 }).go();
    const before = await run(bob.userId, day(1, 4));
    expect(before).toMatchObject({ movedToNow: 0, changed: [] });
    expect((await ann.api.patch(`/task/${t.id}`, { details: { flag: 1 } })).status).toBe(200);
    const after = await run(bob.userId, day(1, 5));
    expect(after).toMatchObject({ movedToNow: 1, changed: [0, 2] });
    expect((await bob.api.get(`/task/${t.id}`)).body.priority_group.id).toBe(0);
  });

  it('a task that can no longer change leaves the watch, and a save that dates it again puts it back', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const id = await scheduled(ann.api, group, 'Renew passport', day(1, 9));
    expect((await ann.api.patch(`/task/${id}`, { status: 3 })).status).toBe(200);
    const done = await run(ann.userId, day(1, 4));
    const after = await run(ann.userId, day(1, 5));
    // The Done task was read once and left the watch: the next run reads no task at all.
    expect(after.requests).toBeLessThan(done.requests);
    expect((await ann.api.patch(`/task/${id}`, { status: 1, priority_group: 2 })).status).toBe(200);
    expect((await run(ann.userId, day(1, 6))).movedToNow).toBe(1);
  });

  it('placements saved before the day watch get on it by the backfill; undated ones stay off', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const id = await scheduled(ann.api, group, 'Old appointment', day(2, 9));
    const plain = await task(ann.api, { title: 'Old plain task', group });
    // As they were before gsi4: no keys.
    for (const taskId of [id, plain.id]) {
      const stored = await PlacementEntity.get({ userId: ann.userId, taskId }).go({ data: 'includeKeys' });
      const { pk, sk } = stored.data as unknown as { pk: string; sk: string };
      await documentClient.send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: { pk, sk },
          UpdateExpression: 'REMOVE gsi4pk, gsi4sk',
        }),
      );
    }
    expect((await run(ann.userId, day(2, 4))).movedToNow).toBe(0);
    expect(await backfillDayWatchKeys()).toBeGreaterThanOrEqual(1);
    expect((await run(ann.userId, day(2, 5))).movedToNow).toBe(1);
    // The plain task stays off the watch: nothing of this person is left to backfill.
    const stored = await PlacementEntity.get({ userId: ann.userId, taskId: plain.id }).go({
      data: 'includeKeys',
    });
    expect((stored.data as unknown as { gsi4pk?: string }).gsi4pk).toBeUndefined();
  });
});
