/**
 * `npm run bench -- grid` (issue 15 item 3, decisions D56, D63): the task grid's rows at 5,000 tasks of
 * one person — the default view (page 1, page 100 by number, pages 2 and 3 by cursor), grouped and
 * filtered on the list entries' own columns, and sorted or filtered on a column only the task has (due
 * date) — p50/p99 per page and DynamoDB requests per call.
 * The tasks and their list entries are written straight to the table (BatchWriteItem) so the seed
 * takes seconds; their shape is the task create's (core/tasks/tasks.ts placementRecord).
 */
import { randomUUID } from 'node:crypto';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { measureCall, printLatency } from './api-latency.ts';

const TASKS = Number(process.env.BENCH_GRID_TASKS ?? 5000);

export async function benchGrid(env: StackEnv, url: string, counter: { count: number }): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;
  const { TaskEntity } = await import('@tandem/functions/db/entities/task');
  const { PlacementEntity } = await import('@tandem/functions/db/entities/placement');
  const t0 = performance.now();
  const start = Date.now() - TASKS * 60_000;
  for (let i = 0; i < TASKS; i += 500) {
    const tasks = [];
    const placements = [];
    for (let j = i; j < Math.min(TASKS, i + 500); j++) {
      const taskId = randomUUID();
      const createdAt = new Date(start + j * 60_000).toISOString();
      const title = `Task ${j + 1}${j % 7 === 0 ? ' report' : ''}`;
      const status = (j % 4) + 1;
      tasks.push({
        taskId,
        title,
        description: '',
        flag: j % 10 === 0 ? 1 : 3,
        status,
        mode: 'active' as const,
        level: 7,
        groupId: group,
        rootId: taskId,
        createdBy: user.userId,
        creatorName: 'Bench',
        delegationType: 'SI' as const,
        assignees: {},
        createdAt,
        ...(j % 2 === 0 ? { dueAt: new Date(start + j * 3_600_000).toISOString() } : {}),
      });
      placements.push({
        userId: user.userId,
        taskId,
        priorityGroup: j % 4,
        sortCode: `a${j}`,
        taskPosition: 'bottom' as const,
        isOwner: true,
        delegatedToMe: false,
        groupId: group,
        mode: 'active',
        status,
        titleLower: title.toLowerCase(),
        createdAt,
      });
    }
    await TaskEntity.put(tasks).go({ concurrency: 4 });
    await PlacementEntity.put(placements).go({ concurrency: 4 });
  }
  console.log(`Seeded ${TASKS} tasks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const rows = (body: unknown) => () =>
    api.raw('POST', '/task/grid/rows', {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  const cases: Array<[string, unknown]> = [
    ['default view, page 1', {}],
    ['default view, page 100', { page: 100 }],
    [
      'grouped by status, title contains "report"',
      {
        grouping: [{ column_name: 'status' }],
        filters: [{ column: 'title', operator: 'contains', value: 'report' }],
      },
    ],
    ['sorted by due date (reads the tasks)', { sorting: [{ column_name: 'dueAt', direction: 'asc' }] }],
    [
      'urgent only, grouped by priority group (reads the tasks)',
      {
        filters: [{ column: 'urgent', operator: 'equal', value: true }],
        grouping: [{ column_name: 'priorityGroup' }],
      },
    ],
  ];
  const check = await (await rows({})()).json();
  // The default view counts exactly, or (read page by page, D63) at least one page more than it shows.
  if (check.next ? check.count <= check.results.length : check.count !== TASKS)
    throw new Error(`The grid counts ${check.count} rows of ${TASKS}`);
  const results = [];
  for (const [label, body] of cases)
    results.push(
      await measureCall(`POST /task/grid/rows: ${label} (${TASKS} tasks)`, rows(body), counter, 20, 3),
    );
  // The default view's next pages by the answer's cursor (decisions D63), when the server answers one.
  if (check.next) {
    const second = await (await rows({ page: 2, cursor: check.next })()).json();
    results.push(
      await measureCall(
        `POST /task/grid/rows: default view, page 2 by cursor (${TASKS} tasks)`,
        rows({ page: 2, cursor: check.next }),
        counter,
        20,
        3,
      ),
    );
    if (second.next)
      results.push(
        await measureCall(
          `POST /task/grid/rows: default view, page 3 by cursor (${TASKS} tasks)`,
          rows({ page: 3, cursor: second.next }),
          counter,
          20,
          3,
        ),
      );
  }
  printLatency(results);
}
