/**
 * Reports (issue 14 item 5; decisions D50) against the local stack: the counters are kept by the live
 * consumer from DynamoDB Local's real stream (the local stream runner), and the reports read them. Also
 * what a record delivered twice does (nothing more), who may see what (404), the bounds, and the cost:
 * the DynamoDB requests of a report do not grow with the range.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { countRequests } from '@tandem/functions/lib/request-count';
import { addDays, addMonths, localDay, REPORT_MESSAGES } from '@tandem/shared/reports/reports';
import type { DynamoDBRecord } from 'aws-lambda';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, newGroup, person, privateGroup, task } from './support.ts';

const { normalizeUser } = await import('../../src/core/schedules/normalization.ts');
const { getReport } = await import('../../src/core/reports/reports.ts');
const { updateReportAggregates } = await import('../../src/streams/report-aggregates.ts');
const { ReportDayEntity, ReportMonthEntity } = await import('../../src/db/entities/report.ts');
const { reportQuery } = await import('@tandem/shared/reports/reports');

interface Point {
  name: string;
  key: string;
  value: number;
}
const at = (plus: number, hour: number) =>
  DateTime.utc().plus({ days: plus }).set({ hour, minute: 0, second: 0, millisecond: 0 });
const todayUtc = () => DateTime.utc().toISODate()!;

async function routine(api: Api, title: string) {
  const group = await privateGroup(api);
  const t = await task(api, { title, group });
  const r = await api.patch(`/task/schedule/${t.id}`, {
    start_date: at(0, 7).toISO(),
    duration: 30,
    timezone: 'UTC',
    recur_rule: 'FREQ=DAILY',
    flexible_time: 1,
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return t.id as string;
}

const report = (api: Api, type: string, query: Record<string, string>) =>
  api.get(`/reporting/${type}/?${new URLSearchParams(query)}`);

/** The series' values summed over the report's points, by series name. */
function totals(points: Point[]) {
  const sums: Record<string, number> = {};
  for (const p of points) sums[p.name] = (sums[p.name] ?? 0) + p.value;
  return sums;
}

describe('the routine report', () => {
  it('completion per day and per period from instances done, 2 decimals, reopened ones taken back', async () => {
    const ann = await person('Ann');
    const def = await routine(ann.api, 'Stretch');
    const days = [1, 2, 3].map((d) => at(d, 0).toISODate()!);
    for (const d of [1, 2, 3])
      expect((await normalizeUser(ann.userId, 'UTC', at(d, 4).toJSDate())).instances).toBe(1);
    for (const d of days.slice(0, 2))
      expect((await ann.api.patch(`/task/${def}~${d}`, { status: 4 })).status).toBe(200);

    const byDay = { task_id: def, period: 'day', start_date: days[0]!, end_date: days[2]! };
    await expect
      .poll(async () => (await report(ann.api, 'routine', byDay)).body.results.map((p: Point) => p.value))
      .toEqual([100, 100, 0]);
    const r = await report(ann.api, 'routine', byDay);
    expect(r.body.results.map((p: Point) => p.key)).toEqual(days.map((d) => d.replaceAll('-', '/')));
    expect(r.body.results[0]).toMatchObject({ name: 'completion', due: 1, done: 1 });

    // Three days in one bucket: 2 of 3 = 66.67 (2 decimals). A year bucket holds all three unless the
    // days straddle New Year, so compare with the days' own year buckets.
    const byYear = await report(ann.api, 'routine', { ...byDay, period: 'year' });
    const years = new Set(days.map((d) => d.slice(0, 4)));
    if (years.size === 1) expect(byYear.body.results).toEqual([expect.objectContaining({ value: 66.67 })]);

    // By month over a range that starts mid-month two months back: whole months are read from the
    // month rollups, the partial ones from the days; the sums are the same.
    const monthly = await report(ann.api, 'routine', {
      ...byDay,
      period: 'month',
      start_date: addDays(addMonths(`${days[0]!.slice(0, 7)}-01`, -2), 14),
    });
    const sum = (k: 'due' | 'done') =>
      monthly.body.results.reduce((n: number, p: { due: number; done: number }) => n + p[k], 0);
    expect([sum('due'), sum('done')]).toEqual([3, 2]);

    // Reopening takes the completion back.
    expect((await ann.api.patch(`/task/${def}~${days[1]}`, { status: 2 })).status).toBe(200);
    await expect
      .poll(async () => (await report(ann.api, 'routine', byDay)).body.results.map((p: Point) => p.value))
      .toEqual([100, 0, 0]);

    // Someone who may not see the routine: 404; a task that is not a routine: 400.
    const bob = await person('Bob');
    expect((await report(bob.api, 'routine', byDay)).status).toBe(404);
    const plain = await task(ann.api, { title: 'Plain', group: await privateGroup(ann.api) });
    const notRoutine = await report(ann.api, 'routine', { ...byDay, task_id: plain.id });
    expect(notRoutine.status).toBe(400);
    expect((await report(ann.api, 'routine', { period: 'day' })).body.errors).toEqual({
      task_id: REPORT_MESSAGES.taskRequired,
    });
  });

  it('a stream record delivered twice is counted once', async () => {
    const routineId = `rt-${randomUUID()}`;
    const day = '2026-03-04';
    const image = marshall({
      __edb_e__: 'task',
      __edb_v__: '1',
      taskId: `${routineId}~${day}`,
      routineTaskId: routineId,
      routineDay: day,
      status: 4,
      createdBy: 'someone',
      assignees: {},
      groupId: 'g',
      mode: 'active',
      createdAt: `${day}T07:00:00.000Z`,
    });
    const record = {
      eventID: `evt-${randomUUID()}`,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: '1', Keys: { pk: { S: 'x' }, sk: { S: 'task' } }, NewImage: image },
    } as unknown as DynamoDBRecord;
    expect(await updateReportAggregates([record])).toEqual([]);
    expect(await updateReportAggregates([record, record])).toEqual([]);
    const { data } = await ReportDayEntity.query.byOwner({ scope: 'r', ownerId: routineId }).go();
    expect(data).toEqual([expect.objectContaining({ day, due: 1, done: 1 })]);
    const month = await ReportMonthEntity.query.byOwner({ scope: 'r', ownerId: routineId }).go();
    expect(month.data).toEqual([expect.objectContaining({ month: '2026-03', due: 1, done: 1 })]);
    // A second, different record of the same change is a real change: counted.
    await updateReportAggregates([{ ...record, eventID: `evt-${randomUUID()}` }]);
    const again = await ReportDayEntity.query.byOwner({ scope: 'r', ownerId: routineId }).go();
    expect(again.data).toEqual([expect.objectContaining({ day, due: 2, done: 2 })]);
  });

  it('packs a batch of changes into one transaction, and a batch with a record seen before is counted once each', async () => {
    const routineId = `rt-${randomUUID()}`;
    const day = '2026-03-05';
    const recordOf = (n: number) =>
      ({
        eventID: `evt-${randomUUID()}`,
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: String(n),
          Keys: { pk: { S: 'x' }, sk: { S: 'task' } },
          NewImage: marshall({
            __edb_e__: 'task',
            __edb_v__: '1',
            taskId: `${routineId}~${day}~${n}`,
            routineTaskId: routineId,
            routineDay: day,
            status: 4,
            createdBy: 'someone',
            assignees: {},
            groupId: 'g',
            mode: 'active',
            createdAt: `${day}T07:00:00.000Z`,
          }),
        },
      }) as unknown as DynamoDBRecord;
    const batch = Array.from({ length: 30 }, (_, i) => recordOf(i));
    // Thirty changes of one routine's day: one transaction (markers and the merged counters).
    const { result, tally } = await countRequests(() => updateReportAggregates(batch));
    expect(result).toEqual([]);
    expect(tally.count).toBe(1);
    const counted = async () =>
      (await ReportDayEntity.query.byOwner({ scope: 'r', ownerId: routineId }).go()).data;
    expect(await counted()).toEqual([expect.objectContaining({ day, due: 30, done: 30 })]);
    // Redelivered beside two new ones: the pack is refused, each record is then written alone.
    expect(await updateReportAggregates([batch[0]!, recordOf(30), recordOf(31)])).toEqual([]);
    expect(await counted()).toEqual([expect.objectContaining({ day, due: 32, done: 32 })]);
  });
});

describe('the trend report', () => {
  it("created against completed, the person's and a group's; reopening takes a completion back", async () => {
    const bob = await person('Bob');
    const group = (await newGroup(bob.api)).id;
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push((await task(bob.api, { title, group })).id);
    await bob.api.patch(`/task/${ids[0]}`, { status: 4 });
    await bob.api.patch(`/task/${ids[1]}`, { status: 4 });
    const range = { period: 'week', start_date: addDays(todayUtc(), -2), end_date: addDays(todayUtc(), 2) };
    await expect
      .poll(async () => totals((await report(bob.api, 'trend', range)).body.results))
      .toEqual({ created: 3, completed: 2 });
    await expect
      .poll(async () => totals((await report(bob.api, 'trend', { ...range, group_ids: group })).body.results))
      .toEqual({ created: 3, completed: 2 });
    const r = await report(bob.api, 'trend', { ...range, period: 'day' });
    const today = localDay(Date.now(), (await bob.api.get('/user/config/')).body.timezone);
    expect(r.body.results).toContainEqual({ name: 'created', key: today.replaceAll('-', '/'), value: 3 });

    await bob.api.patch(`/task/${ids[1]}`, { status: 2 });
    await expect
      .poll(async () => totals((await report(bob.api, 'trend', range)).body.results))
      .toEqual({ created: 3, completed: 1 });

    // A group the caller is not in: 404.
    const eve = await person('Eve');
    expect((await report(eve.api, 'trend', { ...range, group_ids: group })).status).toBe(404);
  });
});

describe('the task overview', () => {
  it('counts the caller’s tasks by status, priority group and group, kept as they change', async () => {
    const cy = await person('Cy');
    const group = (await newGroup(cy.api)).id;
    type Count = { id: string; count: number };
    const countOf = (list: Count[], id: string | number) => list.find((c) => c.id === String(id))?.count ?? 0;
    const overview = async () => (await report(cy.api, 'task_overview', {})).body;
    const before = await overview();
    const a = await task(cy.api, { title: 'A', group, priority_group: 1 });
    await task(cy.api, { title: 'B', group, priority_group: 2 });
    await cy.api.patch(`/task/${a.id}`, { status: 4 });
    await expect
      .poll(async () => {
        const now = await overview();
        return [
          now.total,
          countOf(now.by_group, group),
          countOf(now.by_status, 4),
          countOf(now.by_priority_group, 2),
        ];
      })
      .toEqual([
        before.total + 2,
        2,
        countOf(before.by_status, 4) + 1,
        countOf(before.by_priority_group, 2) + 1,
      ]);
  });
});

describe('bad input', () => {
  it('an unknown type, a task or template report without its task, and a 10-year range by day are refused', async () => {
    const dee = await person('Dee');
    const unknown = await report(dee.api, 'nonsense', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ report_type: REPORT_MESSAGES.unknownType });
    expect((await report(dee.api, 'task', {})).body.errors).toEqual({
      task_id: REPORT_MESSAGES.taskRequired,
    });
    expect((await report(dee.api, 'template', {})).body.errors).toEqual({
      template_task_id: REPORT_MESSAGES.templateRequired,
    });
    const long = await report(dee.api, 'trend', {
      period: 'day',
      start_date: '2016-01-01',
      end_date: '2025-12-31',
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ start_date: REPORT_MESSAGES.tooLong('day') });
    expect((await report(dee.api, 'trend', { start_date: '2026-02-30' })).status).toBe(400);
    expect((await report(dee.api, 'trend', { period: 'decade' })).status).toBe(400);
  });
});

describe('the cost of a report', () => {
  it('the DynamoDB requests of a report are bounded, the same for a year and for ten years', async () => {
    const ann = await person('Ann');
    const def = await routine(ann.api, 'Read');
    const actor = { userId: ann.userId, username: ann.userId };
    const cost = async (type: string, q: Record<string, string>) =>
      (await countRequests(() => getReport(actor, type, reportQuery.parse(q)))).tally.count;
    const end = addDays(todayUtc(), -3);
    const year = { taskId: def, period: 'month', startDate: addDays(end, -364), endDate: end };
    const decade = { ...year, period: 'year', startDate: addDays(end, -3649) };
    const week = { ...year, period: 'day', startDate: addDays(end, -6) };
    // The caller's zone, the task and its group, then at most three Queries (days, months, days).
    expect(await cost('routine', year)).toBe(await cost('routine', decade));
    expect(await cost('routine', decade)).toBeLessThanOrEqual(6);
    expect(await cost('routine', week)).toBeLessThanOrEqual(await cost('routine', decade));
    expect(await cost('trend', year)).toBe(await cost('trend', decade));
    expect(await cost('trend', decade)).toBeLessThanOrEqual(4);
    expect(await cost('task_overview', {})).toBe(1);
  });
});

describe('the task and template reports (custom values, decisions D49)', () => {
  it("answer a task's values through GET /reporting/{reportType}/, refuse a template range in the future, and hide a task from outsiders", async () => {
    const [eve, outsider] = await Promise.all([person('Eve'), person('Olaf')]);
    const id = (await task(eve.api, { title: 'Weigh in', group: await privateGroup(eve.api) })).id;
    const made = await eve.api.post('/task/custom/field', {
      task: id,
      custom_field: [{ type: 'number', label: 'Weight' }],
    });
    expect(made.status).toBe(201);
    const field = (await eve.api.get(`/task/custom/field/${id}`)).body.custom_field[0].id as string;
    expect(
      (await eve.api.post('/task/custom/value', { task: id, custom_value: { [field]: '71.5' } })).status,
    ).toBe(201);

    const points = await report(eve.api, 'task', { task_id: id, period: 'day' });
    expect(points.status).toBe(200);
    expect(points.body.results).toHaveLength(1);
    expect(points.body.results[0].custom_value).toEqual({ [field]: '71.5' });

    const template = await report(eve.api, 'template', { template_task_id: id });
    expect(template.status).toBe(200);
    expect(template.body.meta.total_instances).toBe(1);
    expect(template.body.template_name).toBe('Weigh in');

    const tomorrow = DateTime.utc().plus({ days: 2 }).toISODate()!;
    const future = await report(eve.api, 'template', { template_task_id: id, end_date: tomorrow });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ end_date: REPORT_MESSAGES.future });

    expect((await report(outsider.api, 'task', { task_id: id })).status).toBe(404);
  });
});
