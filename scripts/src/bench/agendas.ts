/**
 * Agendas (decisions D67): latency and DynamoDB requests per call for an agenda at its bounds — 50
 * segments, each with 2 notes of which one names a task (50 different tasks, the most a meeting links
 * in practice; the bound is 100) — for the reads the meeting and the agendas tab make and the meeting's
 * save (PUT /agenda/, the whole agenda with its recorded times).
 */
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { measureCall, printLatency } from './api-latency.ts';

export async function benchAgendas(env: StackEnv, url: string, counter: { count: number }): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  const meeting = (await api.post('/task', { title: 'Bench meeting', group })).body.results[0].id as string;
  await api.patch(`/task/schedule/${meeting}`, {
    start_date: '2030-03-04T09:00:00+01:00',
    duration: 60,
    timezone: 'Europe/Berlin',
  });
  const linked: string[] = [];
  for (let i = 0; i < 50; i++) {
    linked.push((await api.post('/task', { title: `Action ${i}`, group })).body.results[0].id as string);
  }
  const segments = linked.map((id, i) => ({
    title: `Segment ${i}`,
    segment_template: 'discussion',
    description: 'x'.repeat(200),
    minutes: 5,
    segment_data: [{ text: `Note ${i}` }, { text: `Action ${i}`, task: { id } }],
  }));
  const made = await api.post('/agenda/', { task: meeting, segments });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  let version = made.body.version as number;
  const stored = made.body.segments as Array<Record<string, unknown>>;
  let tick = 0;
  const results = [
    await measureCall(
      'GET /agenda/{id} (50 segments, 50 tasks)',
      () => api.raw('GET', `/agenda/${meeting}`, {}),
      counter,
      100,
    ),
    await measureCall(
      'GET /agenda/?task= (the agendas tab)',
      () => api.raw('GET', `/agenda/?task=${meeting}`, {}),
      counter,
      100,
    ),
    await measureCall(
      'PUT /agenda/ (a meeting save, 50 segments)',
      async () => {
        tick++;
        const r = await api.raw('PUT', '/agenda/', {
          body: JSON.stringify({
            id: meeting,
            version,
            segments: stored.map((s, i) => ({ ...s, time_spent: i === 0 ? tick : 0 })),
          }),
          headers: { 'content-type': 'application/json' },
        });
        const copy = r.clone();
        version = ((await copy.json()) as { version: number }).version;
        return r;
      },
      counter,
      100,
    ),
    // The same save for an agenda of 5 segments without notes: what the size costs.
    await (async () => {
      const small = (await api.post('/task', { title: 'Small meeting', group })).body.results[0].id as string;
      await api.patch(`/task/schedule/${small}`, {
        start_date: '2030-03-04T09:00:00+01:00',
        duration: 30,
        timezone: 'Europe/Berlin',
      });
      const five = Array.from({ length: 5 }, (_, i) => ({ title: `Segment ${i}`, minutes: 5 }));
      let v = (await api.post('/agenda/', { task: small, segments: five })).body.version as number;
      return measureCall(
        'PUT /agenda/ (5 segments)',
        async () => {
          tick++;
          const r = await api.raw('PUT', '/agenda/', {
            body: JSON.stringify({
              id: small,
              version: v,
              segments: five.map((x, i) => ({ ...x, time_spent: i ? 0 : tick })),
            }),
            headers: { 'content-type': 'application/json' },
          });
          v = ((await r.clone().json()) as { version: number }).version;
          return r;
        },
        counter,
        100,
      );
    })(),
    await measureCall(
      'GET /agenda/{id}/invitation',
      () => api.raw('GET', `/agenda/${meeting}/invitation`, {}),
      counter,
      100,
    ),
  ];
  printLatency(results);
}
