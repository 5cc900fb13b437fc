/**
 * `npm run bench -- trips`: the task calls of issue 10 target 2 (decisions D22, D36) — GET of a task
 * with sub-tasks, PATCH of a title and of a status (the task moves in the list), POST — with their
 * latency through the local gateway and their DynamoDB requests per call.
 */
import type { StackEnv } from '../testing/users.ts';
import { apiClient, createUser } from '../testing/users.ts';
import { type LatencyResult, measureCall } from './api-latency.ts';
import { record } from './report.ts';
import { fmt } from './stats.ts';

/** Target and baseline (issue 10) of each call's DynamoDB requests, in the order measured. */
const TARGETS: Array<[number, string]> = [
  [2, '5'],
  [2, '5'],
  [3, '6'],
  [3, '8'],
  [2, '6'],
];

export async function benchTrips(env: StackEnv, url: string, counter: { count: number }) {
  const user = await createUser(env);
  const client = apiClient(url, user.accessToken);
  const api = {
    raw: (method: string, path: string, body?: unknown) =>
      client.raw(
        method,
        path,
        body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      ),
  };
  const groups = await (await api.raw('GET', '/group/member')).json();
  const group = groups.results[0].id as string;
  const json = async (r: Response) => {
    if (!r.ok) throw new Error(`seed answered ${r.status}`);
    return r.json();
  };
  // Some tasks around it, so the list is not empty.
  for (let i = 0; i < 20; i++) await json(await api.raw('POST', '/task', { title: `Filler ${i}`, group }));
  const parent = (
    await json(
      await api.raw('POST', '/task', {
        title: 'Parent',
        group,
        children: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }],
      }),
    )
  ).results[0];
  const plain = (await json(await api.raw('POST', '/task', { title: 'Plain', group }))).results[0];
  let n = 0;
  const results: LatencyResult[] = [
    await measureCall(
      'GET /task/{id} (3 sub-tasks)',
      () => api.raw('GET', `/task/${parent.id}`),
      counter,
      100,
    ),
    await measureCall('GET /task/{id} (none)', () => api.raw('GET', `/task/${plain.id}`), counter, 100),
    await measureCall(
      'PATCH /task/{id} title',
      () => api.raw('PATCH', `/task/${plain.id}`, { title: `Plain ${n++}` }),
      counter,
      100,
    ),
    await measureCall(
      'PATCH /task/{id} status (moves in the list)',
      () => api.raw('PATCH', `/task/${plain.id}`, { status: n++ % 2 ? 4 : 1 }),
      counter,
      100,
    ),
    await measureCall(
      'POST /task',
      () => api.raw('POST', '/task', { title: `New ${n++}`, group }),
      counter,
      100,
    ),
  ];
  for (const [i, r] of results.entries()) {
    const [target, baseline] = TARGETS[i]!;
    const most = Math.max(...r.ddbPerCall);
    record({
      figure: `${r.label}: DynamoDB requests (p50 latency)`,
      now: `${r.ddbPerCall.join(' or ')} (${fmt(r.p50)} ms)`,
      target: `≤ ${target}`,
      baseline,
      met: most <= target,
    });
  }
  return results;
}
