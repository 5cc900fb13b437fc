/**
 * Account roles, role mapping and the AI proposal (decisions D58): latency and DynamoDB requests per
 * call with a person at the bounds (200 roles, 200 mapping rows on one task), and the proposal's own
 * cost against a local chat-completions server (the handlers run in this process, so AI_ENDPOINT set
 * here reaches them).
 */
import { startFakeChat } from '../local/ai/fake-chat.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { measureCall, printLatency } from './api-latency.ts';

const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export async function benchRoles(env: StackEnv, url: string, counter: { count: number }): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  const task = (await api.post('/task', { title: 'Bench roles', group })).body.results[0].id as string;
  for (let i = 0; i < 199; i++) {
    await api.post('/task/template/role', { title: `Role ${i}`, email: `r${i}@example.com` });
    await api.post('/task/role-mapping', { task, assigning_role: `Source ${i}`, email: `Role ${i}` });
  }
  const results = [
    await measureCall(
      'GET /task/template/role (199 roles)',
      () => api.raw('GET', '/task/template/role', {}),
      counter,
      100,
    ),
    await measureCall(
      'GET /task/role-mapping (199 rows)',
      () => api.raw('GET', `/task/role-mapping?task_id=${task}`, {}),
      counter,
      100,
    ),
  ];
  // One create and one delete per round, so the list stays at its size.
  let n = 0;
  results.push(
    await measureCall(
      'POST+DELETE /task/role-mapping (199 rows)',
      async () => {
        const r = await api.raw(
          'POST',
          '/task/role-mapping',
          json({ task, assigning_role: `Extra ${n++}`, email: 'x@example.com' }),
        );
        const id = ((await r.json()) as { id: string }).id;
        return api.raw('DELETE', `/task/role-mapping/${id}`, {});
      },
      counter,
      50,
      5,
    ),
  );
  const chat = await startFakeChat();
  const saved = { endpoint: process.env.AI_ENDPOINT, model: process.env.AI_MODEL };
  process.env.AI_ENDPOINT = chat.url;
  process.env.AI_MODEL = 'bench';
  try {
    results.push(
      await measureCall(
        'POST /task/template/ai-proposal (local model)',
        () => api.raw('POST', '/task/template/ai-proposal', json({ prompt: 'Plan a product launch' })),
        counter,
        100,
      ),
    );
  } finally {
    process.env.AI_ENDPOINT = saved.endpoint ?? '';
    process.env.AI_MODEL = saved.model ?? '';
    await chat.stop();
  }
  printLatency(results);
}
