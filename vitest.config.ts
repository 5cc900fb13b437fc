import { defineConfig } from 'vitest/config';

/**
 * Projects: pure tests run with no engines; the `stack` project (handler integration tests and
 * browser end-to-end tests) shares ONE local stack — DynamoDB Local, s3rver, cognito-local and the
 * gateway — started by its globalSetup on free ports with a throwaway data folder.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/src/testing/summary-reporter.ts'],
    projects: [
      { test: { name: 'shared', include: ['shared/test/**/*.test.ts'] } },
      { test: { name: 'functions-unit', include: ['functions/test/unit/**/*.test.ts'] } },
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], testTimeout: 180_000 } },
      { test: { name: 'web', include: ['web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'stack',
          include: [
            'functions/test/integration/**/*.test.ts',
            'scripts/test/**/*.test.ts',
            'scripts/e2e/**/*.test.ts',
          ],
          globalSetup: ['scripts/test/global-setup.ts'],
          setupFiles: ['scripts/test/stack-env.ts'],
          // Generous ceilings: CI's two cores may be busy. Waits are for a state (expect.poll,
          // Playwright's auto-waiting), never a fixed time, so a quiet machine is not slowed.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000, interval: 100 } },
          env: { TANDEM_LOG_LEVEL: 'silent' },
        },
      },
    ],
  },
});
