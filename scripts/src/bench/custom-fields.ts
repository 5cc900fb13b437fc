/**
 * `npm run bench -- fields` (issue 14, decisions D49): a person with a year of daily routine values
 * (365 instances' values under one routine definition) — the task and template reports' data, the
 * values search of the routine, and the Done check on the task update route, against a baseline of
 * one GetItem (`GET /user/config/`). Latency and DynamoDB requests per call.
 */
import { DateTime } from 'luxon';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall, printLatency } from './api-latency.ts';
import { percentile } from './stats.ts';

async function measureFn(
  label: string,
  f: () => Promise<unknown>,
  counter: { count: number },
  n = 100,
  warmup = 10,
): Promise<LatencyResult> {
  for (let i = 0; i < warmup; i++) await f();
  const times: number[] = [];
  const perCall = new Set<number>();
  for (let i = 0; i < n; i++) {
    const before = counter.count;
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
    perCall.add(counter.count - before);
  }
  return {
    label,
    n,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ddbPerCall: [...perCall].sort(),
  };
}

export async function benchCustomFields(
  env: StackEnv,
  url: string,
  counter: { count: number },
): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;
  const def = (await api.post('/task', { title: 'Daily weigh-in', group })).body.results[0].id as string;
  const fields = await api.post('/task/custom/field', {
    task: def,
    custom_field: [
      { id: 'weight', type: 'number', label: 'Weight', is_required: true },
      { id: 'mood', type: 'list', label: 'Mood', options: 'good|ok|bad' },
    ],
  });
  if (fields.status !== 201) throw new Error(JSON.stringify(fields.body));
  // A year of daily values, as the values calls write them (one item per instance day).
  const { CustomValueEntity } = await import('@tandem/functions/db/entities/custom-field');
  const today = DateTime.utc().startOf('day');
  const t0 = performance.now();
  for (let i = 0; i < 365; i++) {
    const day = today.minus({ days: i }).toISODate()!;
    await CustomValueEntity.create({
      taskId: `${def}~${day}`,
      userKey: 'task',
      routineTaskId: def,
      actionDate: day,
      userId: user.userId,
      userName: 'Bench',
      taskTitle: 'Daily weigh-in',
      values: { weight: (70 + (i % 50) / 10).toFixed(1), mood: ['good', 'ok', 'bad'][i % 3]! },
    }).go();
  }
  console.log(`Seeded 365 daily values in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { taskReport, templateReport } = await import('@tandem/functions/core/custom-fields/reports');
  const actor = { userId: user.userId, username: user.userId };
  const yearBack = today.minus({ days: 364 }).toISODate()!;
  const year = { startDate: yearBack, endDate: today.toISODate()! };
  const month = { startDate: today.minus({ months: 1 }).toISODate()!, endDate: today.toISODate()! };
  const points = await taskReport(actor, { taskId: def, ...year });
  const table = await templateReport(actor, { templateTaskId: def, ...year });
  if (points.length !== 365 || table.meta.totalInstances !== 365)
    throw new Error('The seed is not as intended');

  const plain = (await api.post('/task', { title: 'Done check', group })).body.results[0].id as string;
  await api.post('/task/custom/field', {
    task: plain,
    custom_field: [{ id: 'score', type: 'number', label: 'Score', is_required: true }],
  });
  await api.post('/task/custom/value', { task: plain, custom_value: { score: '3' } });
  const bare = (await api.post('/task', { title: 'No fields', group })).body.results[0].id as string;
  let flip = 1;
  const toggle = (id: string) => () => {
    flip = flip === 4 ? 1 : 4;
    return api.raw('PATCH', `/task/${id}`, {
      body: JSON.stringify({ status: flip }),
      headers: { 'content-type': 'application/json' },
    });
  };

  printLatency([
    await measureCall(
      'GET /user/config/ (baseline)',
      () => api.raw('GET', '/user/config/', {}),
      counter,
      100,
    ),
    await measureFn(
      'taskReport, a year of daily values',
      () => taskReport(actor, { taskId: def, ...year }),
      counter,
    ),
    await measureFn(
      'templateReport, a year of daily values',
      () => templateReport(actor, { templateTaskId: def, ...year }),
      counter,
    ),
    await measureFn(
      'taskReport, the default month',
      () => taskReport(actor, { taskId: def, ...month }),
      counter,
    ),
    await measureCall(
      'GET /task/custom/value/search (routine, 365)',
      () => api.raw('GET', `/task/custom/value/search?task=${encodeURIComponent(def)}`, {}),
      counter,
      50,
    ),
    await measureCall('PATCH /task status 1↔4, no fields', toggle(bare), counter, 60),
    await measureCall('PATCH /task status 1↔4, required field', toggle(plain), counter, 60),
  ]);
}
