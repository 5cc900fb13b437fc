/**
 * Reports (issue 14; decisions D50): the latency of GET /reporting/{type}/ through the local gateway
 * for a person with a year of daily routine values (target p50 ≤ 50 ms), and with ten years of them,
 * beside one GetItem call (GET /user/config/) as the baseline; the DynamoDB requests of each report;
 * and what keeping the counters costs the stream consumer per completed task and routine instance.
 *
 * The routine is a real one (made through the API); its ten years of day items are written straight to
 * the table as the consumer would have left them (3,650 normalisations and completions would take the
 * bench an hour and measure the writes, not the report). The consumer's cost is measured on records of
 * the real shape.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { addDays, localDay } from '@tandem/shared/reports/reports';
import type { DynamoDBRecord } from 'aws-lambda';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall, printLatency } from './api-latency.ts';
import { record } from './report.ts';
import { fmt } from './stats.ts';

interface Counter {
  count: number;
  byCommand: Record<string, number>;
}

export async function benchReports(env: StackEnv, url: string, counter: Counter): Promise<void> {
  const { ReportDayEntity, ReportMonthEntity } = await import('@tandem/functions/db/entities/report');
  const { updateReportAggregates } = await import('@tandem/functions/streams/report-aggregates');
  const user = await createUser(env, { firstName: 'Rita' });
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;
  const routine = (await api.post('/task', { title: 'Daily run', group })).body.results[0].id as string;
  const r = await api.patch(`/task/schedule/${routine}`, {
    start_date: new Date().toISOString(),
    duration: 30,
    timezone: 'UTC',
    recur_rule: 'FREQ=DAILY',
  });
  if (r.status !== 200) throw new Error(`schedule answered ${r.status}`);

  // Ten years of days: the routine due every day and done on 6 of 7; the person's trend alike.
  const today = localDay(Date.now(), 'UTC');
  const days = Array.from({ length: 3650 }, (_, i) => addDays(today, -i));
  const t = performance.now();
  const dayItems = days.flatMap((day, i) => [
    {
      scope: 'r' as const,
      ownerId: routine,
      day,
      due: 1,
      done: i % 7 === 0 ? 0 : 1,
      created: 0,
      completed: 0,
    },
    {
      scope: 'u' as const,
      ownerId: user.userId,
      day,
      created: 1 + (i % 3),
      completed: i % 3,
      due: 0,
      done: 0,
    },
  ]);
  await ReportDayEntity.put(dayItems).go();
  // The month rollups the consumer keeps beside the days, summed from them.
  const months = new Map<string, (typeof dayItems)[number] & { month: string }>();
  for (const d of dayItems) {
    const k = `${d.scope}|${d.day.slice(0, 7)}`;
    const m = months.get(k) ?? { ...d, month: d.day.slice(0, 7), due: 0, done: 0, created: 0, completed: 0 };
    for (const c of ['due', 'done', 'created', 'completed'] as const) m[c] += d[c];
    months.set(k, m);
  }
  await ReportMonthEntity.put([...months.values()].map(({ day: _day, ...m }) => m)).go();
  console.log(
    `Seeded ten years of day items (7,300) and month rollups (${months.size}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const yearAgo = addDays(today, -364);
  const tenYearsAgo = addDays(today, -3649);
  const get = (path: string) => () => api.raw('GET', path, {});
  const q = (type: string, params: Record<string, string>) =>
    `/reporting/${type}/?${new URLSearchParams(params)}`;
  const results: LatencyResult[] = [
    await measureCall('GET /user/config/ (baseline)', get('/user/config/'), counter, 100),
  ];
  const cases: Array<[string, string]> = [
    [
      'routine, a year by month',
      q('routine', { task_id: routine, period: 'month', start_date: yearAgo, end_date: today }),
    ],
    [
      'routine, a year by day',
      q('routine', { task_id: routine, period: 'day', start_date: yearAgo, end_date: today }),
    ],
    [
      'routine, a year by week',
      q('routine', { task_id: routine, period: 'week', start_date: yearAgo, end_date: today }),
    ],
    [
      'routine, ten years by year',
      q('routine', { task_id: routine, period: 'year', start_date: tenYearsAgo, end_date: today }),
    ],
    ['trend, a year by month', q('trend', { period: 'month', start_date: yearAgo, end_date: today })],
    ['task_overview', q('task_overview', {})],
  ];
  for (const [label, path] of cases) results.push(await measureCall(label, get(path), counter, 100));
  printLatency(results);

  const base = results[0]!;
  for (const res of results.slice(1)) {
    record({
      figure: `GET /reporting ${res.label} p50 (${res.ddbPerCall.join('/')} DynamoDB requests)`,
      now: `${fmt(res.p50)} ms (${(res.p50 / base.p50).toFixed(1)}× one GetItem)`,
      target: res.label.includes('a year') ? '≤ 50 ms' : '—',
      baseline: `${fmt(base.p50)} ms`,
      met: res.label.includes('a year') ? res.p50 <= 50 : null,
    });
  }

  // The consumer: a batch of 100 records, each a task completed (creator + 1 assignee) or a routine
  // instance done; DynamoDB requests and time per record.
  const at = new Date().toISOString();
  const records = Array.from({ length: 100 }, (_, i): DynamoDBRecord => {
    const instance = i % 2 === 0;
    const taskId = instance ? `${routine}~${addDays(today, -4000 - i)}` : `bench-${randomUUID()}`;
    const base = {
      __edb_e__: 'task',
      __edb_v__: '1',
      taskId,
      createdBy: user.userId,
      assignees: { [user.userId]: {}, other: {} },
      groupId: group,
      mode: 'active',
      createdAt: at,
      ...(instance ? { routineTaskId: routine, routineDay: addDays(today, -4000 - i) } : {}),
    };
    return {
      eventID: `bench-${randomUUID()}`,
      eventName: 'MODIFY',
      dynamodb: {
        SequenceNumber: String(i),
        Keys: marshall({ pk: `TASK#${taskId}`, sk: 'task' }) as never,
        OldImage: marshall({ ...base, status: 1 }) as never,
        NewImage: marshall({ ...base, status: 4, completionAt: at }) as never,
      },
    } as DynamoDBRecord;
  });
  const before = counter.count;
  const t2 = performance.now();
  const failed = await updateReportAggregates(records);
  const ms = performance.now() - t2;
  if (failed.length) throw new Error(`${failed.length} records failed`);
  const perRecord = (counter.count - before) / records.length;
  console.log(
    `\nConsumer: 100 records (50 tasks completed, 50 routine instances done): ${fmt(ms)} ms, ` +
      `${perRecord.toFixed(2)} DynamoDB requests a record (one BatchGetItem of the people's zones a batch, one TransactWriteItems a record)`,
  );
  record({
    figure: 'report counters: DynamoDB requests a stream record (batch of 100)',
    now: perRecord.toFixed(2),
    target: '—',
    baseline: '—',
    met: null,
  });
  // Delivered again: nothing changes, one request a record (the marker refuses it).
  const before2 = counter.count;
  await updateReportAggregates(records);
  console.log(
    `  the same batch again: ${((counter.count - before2) / records.length).toFixed(2)} requests a record, no counter moved`,
  );
}
