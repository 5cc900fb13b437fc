/**
 * `npm run bench`: sizes and speeds, measured, never asserted in tests (the brief). Prints medians and
 * percentiles. Starts its own throwaway local stack; nothing of it is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { measureCall, printLatency } from './api-latency.ts';
import { measureBundles, printBundles } from './bundles.ts';
import { seedGroups } from './seed-groups.ts';

process.env.TANDEM_LOG_LEVEL = 'silent';

const only = process.argv.slice(2);
const wants = (part: string) => only.length === 0 || only.includes(part);

if (wants('bundles')) printBundles(await measureBundles());

if (wants('api')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-bench-'));
  const { startStack } = await import('../local/stack.ts');
  const stack = await startStack({ dataDir, port: 0, inMemory: true, quiet: true });
  try {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const user = await createUser(stack.env as StackEnv);
    const api = apiClient(stack.url, user.accessToken);
    const results = [
      await measureCall(
        'GET /api/v1/user/config/',
        () => api.raw('GET', '/user/config/', {}),
        requestCounter,
      ),
    ];
    // The groups issue's case: a user in 50 groups (the Private one included) of 30 members each.
    const t = performance.now();
    await seedGroups(stack.mail, user, 50, 30);
    console.log(`Seeded 50 groups x 30 members in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const list = await (await api.raw('GET', '/group/member', {})).json();
    if (list.count !== 50 || list.results.at(-1).group_members.length !== 30)
      throw new Error('The seed is not as intended');
    results.push(
      await measureCall(
        'GET /api/v1/group/member (50x30)',
        () => api.raw('GET', '/group/member', {}),
        requestCounter,
        100,
      ),
    );
    printLatency(results);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
