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
    printLatency(results);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
