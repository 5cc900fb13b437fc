/**
 * What a task or placement change does to the report counters (streams/report-aggregates.ts): the
 * transitions read from the old and new images. Pure; the writes are tested in
 * integration/reports.test.ts against DynamoDB Local's stream.
 */
import { describe, expect, it } from 'vitest';
import type { PlacementRecord, TaskRecord } from '../../src/core/access/task-access.ts';
import type { ItemChange } from '../../src/streams/records.ts';

process.env.TABLE_NAME ??= 'unit';
const { itemWrites, mergeDeltas, placementDeltas, taskDeltas } = await import(
  '../../src/streams/report-aggregates.ts'
);

const zones: Record<string, string> = { ann: 'Pacific/Auckland', bob: 'America/Los_Angeles' };
const zoneOf = (u: string) => zones[u] ?? 'UTC';

const task = (over: Partial<TaskRecord> = {}) =>
  ({
    taskId: 't1',
    createdBy: 'ann',
    assignees: { bob: {} },
    groupId: 'g1',
    mode: 'active',
    status: 1,
    createdAt: '2026-11-26T02:00:00.000Z',
    ...over,
  }) as TaskRecord;
const change = <T>(kind: 'INSERT' | 'MODIFY' | 'REMOVE', before?: T, after?: T): ItemChange<T> => ({
  eventId: 'e',
  sequenceNumber: '1',
  kind,
  writtenAt: Date.parse('2026-11-27T20:00:00Z') / 1000,
  before,
  after,
});
const brief = (deltas: ReturnType<typeof mergeDeltas>) =>
  mergeDeltas(deltas).map((d) =>
    d.kind === 'day'
      ? `${d.scope}:${d.ownerId}:${d.day}:${d.counter}:${d.by}`
      : `${d.dimension}:${d.value}:${d.by}`,
  );

describe('trend counters', () => {
  it("a new task: created for its creator and assignees on each one's local day, and for its group", () => {
    expect(brief(taskDeltas(change('INSERT', undefined, task()), zoneOf))).toEqual([
      'u:ann:2026-11-26:created:1',
      'u:bob:2026-11-25:created:1',
      'g:g1:2026-11-26:created:1',
    ]);
  });

  it('done: completed on the day of completion; reopened: taken back from that day; a second save: nothing', () => {
    const done = task({ status: 4, completionAt: '2026-11-27T20:00:00.000Z' });
    expect(brief(taskDeltas(change('MODIFY', task(), done), zoneOf))).toEqual([
      'u:ann:2026-11-28:completed:1',
      'u:bob:2026-11-27:completed:1',
      'g:g1:2026-11-28:completed:1',
    ]);
    expect(brief(taskDeltas(change('MODIFY', done, { ...done, title: 'x' }), zoneOf))).toEqual([]);
    expect(brief(taskDeltas(change('MODIFY', done, task({ status: 2 })), zoneOf))).toEqual([
      'u:ann:2026-11-28:completed:-1',
      'u:bob:2026-11-27:completed:-1',
      'g:g1:2026-11-28:completed:-1',
    ]);
  });

  it('a task made done on creation counts both on one item write', () => {
    const d = taskDeltas(
      change(
        'INSERT',
        undefined,
        task({ assignees: {}, status: 4, completionAt: '2026-11-26T02:00:00.000Z' }),
      ),
      zoneOf,
    );
    const writes = itemWrites(mergeDeltas(d));
    expect(writes).toContainEqual({
      kind: 'day',
      scope: 'u',
      ownerId: 'ann',
      day: '2026-11-26',
      adds: { created: 1, completed: 1 },
    });
    // …and its month's rollup item; and the group's day and month.
    expect(writes).toContainEqual({
      kind: 'month',
      scope: 'u',
      ownerId: 'ann',
      month: '2026-11',
      adds: { created: 1, completed: 1 },
    });
    expect(writes).toHaveLength(4);
  });

  it('drafts and templates do not count until made active; a deleted task keeps its history', () => {
    expect(taskDeltas(change('INSERT', undefined, task({ mode: 'draft' })), zoneOf)).toEqual([]);
    expect(taskDeltas(change('INSERT', undefined, task({ mode: 'template' })), zoneOf)).toEqual([]);
    expect(brief(taskDeltas(change('MODIFY', task({ mode: 'draft' }), task()), zoneOf))).toHaveLength(3);
    expect(taskDeltas(change('REMOVE', task({ status: 4 }), undefined), zoneOf)).toEqual([]);
  });
});

describe('routine counters', () => {
  const instance = (status: number) =>
    task({ taskId: 'r1~2026-11-26', routineTaskId: 'r1', routineDay: '2026-11-26', status });
  it('due when made, done when done, both taken back when deleted; not in the trend', () => {
    expect(brief(taskDeltas(change('INSERT', undefined, instance(1)), zoneOf))).toEqual([
      'r:r1:2026-11-26:due:1',
    ]);
    expect(brief(taskDeltas(change('MODIFY', instance(1), instance(4)), zoneOf))).toEqual([
      'r:r1:2026-11-26:done:1',
    ]);
    expect(brief(taskDeltas(change('MODIFY', instance(4), instance(2)), zoneOf))).toEqual([
      'r:r1:2026-11-26:done:-1',
    ]);
    expect(brief(taskDeltas(change('REMOVE', instance(4), undefined), zoneOf))).toEqual([
      'r:r1:2026-11-26:due:-1',
      'r:r1:2026-11-26:done:-1',
    ]);
  });
});

describe('overview counts', () => {
  const p = (over: Partial<PlacementRecord> = {}) =>
    ({
      userId: 'ann',
      taskId: 't1',
      status: 1,
      priorityGroup: 1,
      groupId: 'g1',
      mode: 'active',
      ...over,
    }) as PlacementRecord;
  it('a move between priority groups moves one count; the unchanged ones cancel out', () => {
    expect(brief(placementDeltas(change('MODIFY', p(), p({ priorityGroup: 2 }))))).toEqual([
      'pg:1:-1',
      'pg:2:1',
    ]);
    expect(brief(placementDeltas(change('INSERT', undefined, p())))).toEqual([
      'status:1:1',
      'pg:1:1',
      'group:g1:1',
    ]);
    expect(brief(placementDeltas(change('MODIFY', p(), p({ dismissed: true }))))).toEqual([
      'status:1:-1',
      'pg:1:-1',
      'group:g1:-1',
    ]);
  });
});
