/**
 * `npm run bench -- templates` (issue 16 item 1, decisions D57): applying a 250-node template as a
 * draft (POST /task/template/conversion/{id}: one apply record, 8 transactions of at most 100 actions,
 * the record marked done), its retry with the same key (one GetItem), and the templates tree
 * (GET /task/template) of a person in 5 groups holding 40 templates and 8 folders each. Latency and
 * DynamoDB requests per call.
 */
import { randomUUID } from 'node:crypto';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall, printLatency } from './api-latency.ts';

export async function benchTemplates(env: StackEnv, url: string, counter: { count: number }): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const groups: string[] = [];
  for (let g = 0; g < 5; g++) groups.push((await api.post('/user/group', { title: `Bench ${g}` })).body.id);
  for (const group of groups) {
    const folders: string[] = [];
    for (let f = 0; f < 8; f++)
      folders.push((await api.post('/task/folder', { title: `Folder ${f}`, group })).body.id);
    for (let t = 0; t < 40; t++) {
      const r = await api.post('/task/template', { title: `Template ${t}`, group, folder: folders[t % 8] });
      if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    }
  }
  // A 250-node template: the root through the API, its 249 nodes seeded under it (10 children each).
  const { TaskEntity } = await import('@tandem/functions/db/entities/task');
  const { TaskChildEntity } = await import('@tandem/functions/db/entities/task-child');
  const big = (await api.post('/task/template', { title: 'Big', group: groups[0] })).body.id as string;
  const root = (await TaskEntity.get({ taskId: big }).go()).data!;
  const all = [root];
  for (let i = 1; i < 250; i++) {
    const parent = all[Math.floor((i - 1) / 10)]!;
    parent.childCount++;
    all.push({ ...root, taskId: randomUUID(), title: `Step ${i}`, parentId: parent.taskId, childCount: 0 });
  }
  await TaskEntity.put(all.map(({ updatedAt: _u, ...x }) => x)).go();
  await TaskChildEntity.put(all.slice(1).map((x) => ({ parentId: x.parentId!, childId: x.taskId }))).go();

  const post = (path: string, body: object) =>
    api.raw('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const results: LatencyResult[] = [];
  results.push(
    await measureCall(
      'POST /task/template/conversion (250 nodes, a new key)',
      () => post(`/task/template/conversion/${big}`, { idempotency_key: randomUUID() }),
      counter,
      5,
      1,
    ),
  );
  const key = randomUUID();
  await api.post(`/task/template/conversion/${big}`, { idempotency_key: key });
  results.push(
    await measureCall(
      'POST /task/template/conversion (the same key again)',
      () => post(`/task/template/conversion/${big}`, { idempotency_key: key }),
      counter,
      50,
      5,
    ),
  );
  results.push(
    await measureCall(
      'GET /task/template (5 groups x 40 templates)',
      () => api.raw('GET', '/task/template', {}),
      counter,
      50,
      5,
    ),
  );
  results.push(
    await measureCall(
      'GET /user/config/ (baseline: 1 GetItem)',
      () => api.raw('GET', '/user/config/', {}),
      counter,
      50,
      5,
    ),
  );
  printLatency(results);
}
