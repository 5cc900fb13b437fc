/**
 * Lists cost one page, not the table (issue 10, target 1): page 1 of each list at 100 tasks and at
 * 5,000, median of repeated calls, and the ratio (target ≤ 1.3×; before: 38 ms → 478 ms for GET
 * /task). The tasks are written straight to the table (tasks and their placements in batch writes):
 * the lists read only those, and seeding 5,000 through the API would take minutes.
 */
import { randomUUID } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall } from './api-latency.ts';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';

const PATHS = [
  ['GET /task (the task list)', '/task?size=25', '38 → 478 ms (12.6×)'],
  ['GET /task?priority_group=0 (Today panel)', '/task?priority_group=0&size=25', '35 → 102 ms'],
  ['GET /task/assigned (Delegated)', '/task/assigned?size=25', '164 ms at 2,000'],
  ['GET /task/search', '/task/search?search=task', 'whole partition'],
] as const;

/** `n` tasks of one person over the four Today panels; the first 30 and one in 50 given to someone else. */
export async function seedListTasks(userId: string, n: number) {
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const { TaskEntity } = await import('@tandem/functions/db/entities/task');
  const { PlacementEntity, delegatedOutKeys } = await import('@tandem/functions/db/entities/placement');
  const group = (await listGroups({ userId, username: userId })).results[0]!.id;
  const codes = [0, 1, 2, 3].map(() => generateNKeysBetween(null, null, Math.ceil(n / 4)));
  const start = Date.now() - n * 1000;
  const tasks = [];
  const placements = [];
  for (let i = 0; i < n; i++) {
    const taskId = randomUUID();
    const createdAt = new Date(start + i * 1000).toISOString();
    const title = `Task ${i + 1}`;
    const given = i % 50 === 0 || i < 30; // a full first page at both sizes
    tasks.push({
      taskId,
      title,
      groupId: group,
      rootId: taskId,
      createdBy: userId,
      assignees: {},
      createdAt,
    });
    placements.push({
      userId,
      taskId,
      priorityGroup: i % 4,
      sortCode: codes[i % 4]![Math.floor(i / 4)]!,
      isOwner: true,
      delegatedToMe: false,
      groupId: group,
      mode: 'active',
      status: 1,
      titleLower: title.toLowerCase(),
      createdAt,
      ...(given ? delegatedOutKeys(userId, createdAt, taskId) : {}),
    });
  }
  await TaskEntity.put(tasks).go({ concurrency: 4 });
  await PlacementEntity.put(placements).go({ concurrency: 4 });
}

export async function benchLists(stackEnv: StackEnv, url: string, counter: { count: number }) {
  const sizes = [100, 5000] as const;
  const apis: Record<number, ReturnType<typeof apiClient>> = {};
  for (const size of sizes) {
    const user = await createUser(stackEnv);
    apis[size] = apiClient(url, user.accessToken);
    const t = performance.now();
    await seedListTasks(user.userId, size);
    console.log(`Seeded ${size} tasks in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  // Both sizes measured in turns, so neither gets the warmer process.
  const rounds = 5;
  const results: Record<number, LatencyResult[]> = { 100: [], 5000: [] };
  for (const [label, path] of PATHS) {
    const parts: Record<number, LatencyResult[]> = { 100: [], 5000: [] };
    for (let r = 0; r < rounds; r++) {
      for (const size of sizes) {
        const api = apis[size]!;
        parts[size]!.push(
          await measureCall(label, () => api.raw('GET', path, {}), counter, 20, r === 0 ? 10 : 2),
        );
      }
    }
    for (const size of sizes) {
      const ps = parts[size]!;
      results[size]!.push({
        label,
        n: ps.reduce((a, p) => a + p.n, 0),
        p50: median(ps.map((p) => p.p50)),
        p99: Math.max(...ps.map((p) => p.p99)),
        ddbPerCall: [...new Set(ps.flatMap((p) => p.ddbPerCall))].sort(),
      });
    }
  }
  console.log('\nLists: page 1 at 100 and at 5,000 tasks (median of 5 rounds of 20 calls; target ≤ 1.3×)');
  const row = (cells: string[]) =>
    console.log(
      [cells[0]!.padEnd(44), ...cells.slice(1, 4).map((c) => c.padStart(9)), ` ${cells[4]}`].join(' '),
    );
  row(['list', '100 ms', '5,000 ms', 'ratio', 'DynamoDB requests (100 / 5,000)']);
  for (const [i, [label, , baseline]] of PATHS.entries()) {
    const a = results[100]![i]!;
    const b = results[5000]![i]!;
    const ratio = b.p50 / a.p50;
    const requests = `${a.ddbPerCall.join(' or ')} / ${b.ddbPerCall.join(' or ')}`;
    row([
      label,
      fmt(a.p50),
      fmt(b.p50),
      `${fmt(ratio, 2)}×`,
      requests + (ratio <= 1.3 ? '' : '  (over target)'),
    ]);
    record({
      figure: `${label} page 1, 100 → 5,000 tasks`,
      now: `${fmt(a.p50)} → ${fmt(b.p50)} ms (${fmt(ratio, 2)}×)`,
      target: '≤ 1.3×',
      baseline,
      met: ratio <= 1.3,
    });
  }
}
