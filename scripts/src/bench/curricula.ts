/**
 * `npm run bench -- curricula` (issue 17 item 1, decisions D66): the lesson status change that
 * recomputes progressRatio (PATCH /curriculum/task/{id} {status}: one transaction with the task, its
 * placement, the lesson-task link and the curriculum's completed count) on a 200-lesson curriculum,
 * beside the same change on a 3-lesson one (the recompute is an atomic count, not a read of the
 * lessons, so the two should match), and the reads of the screen: the curriculum and its 200 lessons.
 * Latency and DynamoDB requests per call.
 */
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall, printLatency } from './api-latency.ts';

export async function benchCurricula(env: StackEnv, url: string, counter: { count: number }): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.post('/user/group', { title: 'Bench curricula' })).body.id as string;
  const made = async (lessons: number) => {
    const c = (await api.post('/curriculum', { title: `Bench ${lessons}`, group })).body.id as string;
    for (let i = 0; i < lessons; i++) {
      const r = await api.post('/curriculum/task/create', { curriculum: c, title: `Lesson ${i + 1}` });
      if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    }
    const list = (await api.get(`/curriculum/task/list/${c}`)).body.results as Array<{ id: string }>;
    return { id: c, lessons: list.map((l) => l.id) };
  };
  const big = await made(200);
  const small = await made(3);
  const patch = (id: string, status: number) =>
    api.raw('PATCH', `/curriculum/task/${id}`, {
      body: JSON.stringify({ status }),
      headers: { 'content-type': 'application/json' },
    });
  /** Each call completes the next lesson, or (the second time round) takes its completion back. */
  const toggler = (lessons: string[]) => {
    let k = 0;
    const done = new Set<string>();
    return () => {
      const id = lessons[k++ % lessons.length]!;
      const status = done.has(id) ? 1 : 4;
      if (status === 4) done.add(id);
      else done.delete(id);
      return patch(id, status);
    };
  };
  const results: LatencyResult[] = [];
  results.push(
    await measureCall(
      'PATCH /curriculum/task/{id} status, 200 lessons',
      toggler(big.lessons),
      counter,
      200,
      20,
    ),
  );
  results.push(
    await measureCall(
      'PATCH /curriculum/task/{id} status, 3 lessons',
      toggler(small.lessons),
      counter,
      200,
      20,
    ),
  );
  results.push(
    await measureCall(
      'GET /curriculum/{id} (200 lessons)',
      () => api.raw('GET', `/curriculum/${big.id}`, {}),
      counter,
      100,
      10,
    ),
  );
  results.push(
    await measureCall(
      'GET /curriculum/task/list/{id} (200 lessons)',
      () => api.raw('GET', `/curriculum/task/list/${big.id}`, {}),
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
      100,
      10,
    ),
  );
  printLatency(results);
  const stored = (await api.get(`/curriculum/${big.id}`)).body as {
    completed: number;
    progress_ratio: number;
  };
  console.log(
    `200-lesson curriculum after the run: ${stored.completed} completed, progress ${stored.progress_ratio}`,
  );
}
