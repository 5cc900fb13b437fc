/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after Vitest's own summary,
 * so CI (which reads such a line) knows how many tests ran whatever the runner's formatting.
 *
 * A failure that is not a test's own still counts as one: a file that failed to load, a suite whose
 * beforeAll/afterAll threw (Vitest then reports its tests as skipped), and an unhandled error.
 */
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const failed = (t: TestCase) => t.result().state === 'failed';

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

function summarise(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError> = [],
): Summary {
  const s: Summary = { passed: 0, failed: 0, skipped: 0 };
  for (const m of testModules) {
    for (const t of m.children.allTests()) {
      const state = t.result().state;
      if (state === 'passed') s.passed++;
      else if (state === 'failed') s.failed++;
      else s.skipped++;
    }
    // Each scope whose own hooks or collection threw counts once, unless one of its tests failed.
    const moduleTestFailed = [...m.children.allTests()].some(failed);
    let own = 0;
    for (const scope of [m, ...m.children.allSuites()]) {
      if (scope.errors().length > 0 && ![...scope.children.allTests()].some(failed)) own++;
    }
    s.failed += own;
    if (own === 0 && m.state() === 'failed' && !moduleTestFailed) s.failed++;
  }
  s.failed += unhandledErrors.length;
  return s;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const { passed, failed, skipped } = summarise(testModules, unhandledErrors);
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
