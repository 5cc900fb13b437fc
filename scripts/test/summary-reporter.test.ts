/**
 * The closing line CI reads: a suite whose setup throws must count as a failure, not as skipped
 * tests. Runs Vitest on a fixture folder in a child process with the project's reporter.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const config = fileURLToPath(new URL('./fixtures/reporter/vitest.config.ts', import.meta.url));

it('counts a suite whose beforeAll threw as a failure and exits non-zero', async () => {
  const r = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', config], {
    cwd: root,
    env: { ...process.env, CI: 'true' },
  }).then(
    (ok) => ({ code: 0, stdout: ok.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
  expect(r.code).not.toBe(0);
  expect(r.stdout).toMatch(/^Tests: 1 passed, 1 failed, 2 skipped$/m);
});
