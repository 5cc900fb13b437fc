/**
 * Every function's bundle from the one esbuild build synth makes (infra/src/bundles.ts; docs/decisions.md
 * D35): every handler of the manifest gets its own folder with index.mjs, and no bundle passes the size
 * budget. Size is a budget, not a timing: the import times stay in `npm run bench -- bundles`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BUNDLE_FILE, bundleModules } from '../src/bundles.ts';
import { handlerModules, realManifest } from '../src/manifest.ts';

/**
 * The ceiling no bundle may pass. Issue 10 aims at 300 KB; ElectroDB (195 KB with 29 KB of jsonschema)
 * and zod's classic API (about 100 KB) alone come to more than that on every route that reads the table,
 * so the budget is what the bundles weigh today, rounded up, and comes down as they do (D35).
 */
export const BUNDLE_BUDGET_KB = 520;

describe('function bundles', () => {
  const out = mkdtempSync(join(tmpdir(), 'tandem-bundles-test-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const modules = handlerModules(realManifest);
  const built = bundleModules(modules, out);

  test('one build gives every handler its own folder with its bundle and source map', () => {
    expect([...built.dirs.keys()].sort()).toEqual([...new Set(modules)].sort());
    for (const [module, dir] of built.dirs) {
      expect(dir).toBe(join(out, module));
      expect(statSync(join(dir, BUNDLE_FILE)).size, module).toBeGreaterThan(0);
      expect(statSync(join(dir, `${BUNDLE_FILE}.map`)).size, module).toBeGreaterThan(0);
    }
  });

  test(`no bundle is over ${BUNDLE_BUDGET_KB} KB minified`, () => {
    const over = [...built.dirs]
      .map(([module, dir]) => ({ module, kb: statSync(join(dir, BUNDLE_FILE)).size / 1024 }))
      .filter((b) => b.kb > BUNDLE_BUDGET_KB)
      .map((b) => `${b.module}: ${b.kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  test('the AWS SDK stays out of the bundles, and ElectroDB out of those that never touch the table', () => {
    // Output paths in the metafile are relative to the working folder.
    const inputs = (module: string) =>
      Object.entries(built.metafile.outputs)
        .filter(([path]) => path.endsWith(`/${module}/${BUNDLE_FILE}`))
        .flatMap(([, o]) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0))
        .map(([file]) => file);
    const all = Object.values(built.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(all.some((f) => f.includes('node_modules/@aws-sdk/'))).toBe(false);
    for (const module of ['ws/default', 'ws/authorize', 'triggers/custom-message']) {
      const files = inputs(module);
      expect(files.length, module).toBeGreaterThan(0);
      expect(
        files.filter((f) => f.includes('node_modules/electrodb/')),
        module,
      ).toEqual([]);
    }
  });
});
