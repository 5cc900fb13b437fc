/**
 * Bundles every Lambda of the route manifest the way infra deploys it (esbuild, ESM, minified; the AWS
 * SDK v3 left external because Lambda's nodejs24.x runtime provides it) and measures each bundle's size
 * and the time a fresh Node process takes to import it, SDK modules included (resolved from
 * node_modules, as the runtime resolves its own copy) — the cold-start cost before the handler runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes, wsRoutes } from '@tandem/shared';
import { build } from 'esbuild';
import { fmt, median } from './stats.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface BundleResult {
  name: string;
  bytes: number;
  gzipBytes: number;
  importMs: number;
}

const entries = (): Array<{ name: string; file: string }> => {
  const http = [...new Set(Object.values(routes).map((r) => r.handler))].map((h) => ({
    name: `http/${h}`,
    file: join(root, 'functions/src/http', `${h}.ts`),
  }));
  const ws = Object.values(wsRoutes).map((w) => ({
    name: `ws/${w}`,
    file: join(root, 'functions/src/ws', `${w}.ts`),
  }));
  return [...http, ...ws];
};

/** Environment a handler reads at import; values do not matter, nothing is called. */
const importEnv = {
  TABLE_NAME: 'bench',
  ATTACHMENTS_BUCKET: 'bench',
  AWS_REGION: 'us-east-1',
  COGNITO_USER_POOL_ID: 'bench',
  COGNITO_CLIENT_ID: 'bench',
  COGNITO_ISSUER: 'https://example.invalid/bench',
};

export async function measureBundles(runs = 5): Promise<BundleResult[]> {
  // Inside the repo so that the external SDK resolves from node_modules.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'tandem-bundles-'));
  const results: BundleResult[] = [];
  try {
    for (const e of entries()) {
      const outfile = join(out, `${e.name.replace(/\//g, '__')}.mjs`);
      await build({
        entryPoints: [e.file],
        outfile,
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node24',
        format: 'esm',
        // The options infra's TandemFunction bundles with.
        mainFields: ['module', 'main'],
        external: ['@aws-sdk/*'],
        // Some CommonJS dependencies call require(); ESM bundles need it defined.
        banner: { js: "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);" },
        logLevel: 'silent',
      });
      const bytes = statSync(outfile).size;
      const gzipBytes = gzipSync(readFileSync(outfile)).byteLength;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const script = `const t=performance.now();await import(${JSON.stringify(outfile)});console.log(performance.now()-t)`;
        const ms = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          env: { ...process.env, ...importEnv },
          encoding: 'utf8',
        });
        times.push(Number(ms.trim()));
      }
      results.push({ name: e.name, bytes, gzipBytes, importMs: median(times) });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return results;
}

export function printBundles(results: BundleResult[]): void {
  console.log(
    '\nLambda bundles (aim: ≤ 300 KB and ≤ 150 ms import each; import = median of 5 fresh processes)',
  );
  console.log(
    `${'bundle'.padEnd(32)} ${'size KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'import ms'.padStart(10)}`,
  );
  for (const r of results) {
    const flag = r.bytes > 300 * 1024 || r.importMs > 150 ? '  over aim' : '';
    console.log(
      `${r.name.padEnd(32)} ${fmt(r.bytes / 1024).padStart(8)} ${fmt(r.gzipBytes / 1024).padStart(8)} ${fmt(r.importMs).padStart(10)}${flag}`,
    );
  }
}
