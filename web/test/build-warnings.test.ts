/**
 * The web build is warning-free and stays so: the project's own Vite config bundles a small entry
 * (nothing is written), first one that uses the shared recurrence rules (rrule's two module shapes
 * once made the bundler warn that an import was undefined), then one with a deliberate warning,
 * which must stop the build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createLogger, type Logger } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const configFile = resolve(import.meta.dirname, '../vite.config.ts');
const recurrence = resolve(import.meta.dirname, '../../shared/src/time/recurrence.ts');
const dir = mkdtempSync(join(tmpdir(), 'tandem-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bundle(name: string, code: string, customLogger?: Logger) {
  const input = join(dir, `${name}.ts`);
  writeFileSync(input, code);
  return build({
    configFile,
    root: dir,
    logLevel: 'silent',
    ...(customLogger ? { customLogger } : {}),
    build: { write: false, manifest: false, sourcemap: false, rolldownOptions: { input } },
  });
}

describe('web build', () => {
  it('bundles the shared recurrence rules without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('silent');
    logger.warn = (msg) => warnings.push(msg);
    logger.warnOnce = (msg) => warnings.push(msg);
    await bundle(
      'recurrence',
      `import { expandOccurrences } from '${recurrence}';
       console.log(expandOccurrences);`,
      logger,
    );
    expect(warnings).toEqual([]);
  }, 60_000);

  it('stops on a warning', async () => {
    writeFileSync(join(dir, 'lib.ts'), 'export const here = 1;\n');
    await expect(
      bundle('warns', `import * as lib from './lib.ts'; console.log(lib.here, (lib as any).missing);`),
    ).rejects.toThrow(/stops on a warning/);
  }, 60_000);
});
