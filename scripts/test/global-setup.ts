/**
 * globalSetup of the `stack` test project: ONE local stack for all its test files, on a free port,
 * with a throwaway data folder and DynamoDB in memory. Test files get its URL and environment through
 * `inject('stack')` (stack-env.ts copies the environment into each worker).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import '../src/testing/stack-context.ts';
import { startStack } from '../src/local/stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The gateway runs the handlers in this process; keep their logs out of the test report.
  process.env.TANDEM_LOG_LEVEL ??= 'silent';
  // One internal account of the allow-list, for the tests of the Issues tab.
  process.env.INTERNAL_ACCOUNTS ??= 'ops-staff@tandem.test';
  // The agendas allow-list (D67): the test people's domain, so one outside it is refused.
  process.env.AGENDA_ACCOUNTS ??= '@example.com';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tandem-test-'));
  // Not throttled: the suite sends many calls from one IP and a few users (throttle.test.ts has its own).
  const stack = await startStack({ dataDir, port: 0, inMemory: true, quiet: true, throttle: false }).catch(
    async (e: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw e;
    },
  );
  project.provide('stack', { url: stack.url, env: stack.env });
  return async () => {
    try {
      await stack.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
