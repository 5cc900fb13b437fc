/**
 * Bundles every Lambda exactly as infra deploys it — the one esbuild build of infra/src/bundles.ts,
 * every handler of the manifest an entry point; the AWS SDK v3 left external because Lambda's
 * nodejs24.x runtime provides it — and measures each bundle's size and the time a fresh Node process
 * takes to import it, SDK modules included (resolved from node_modules, as the runtime resolves its
 * own copy): the cold-start cost before the handler runs. Issue 10, target 6; docs/decisions.md D35.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLE_FILE, bundleModules } from '../../../infra/src/bundles.ts';
import { handlerModules, realManifest } from '../../../infra/src/manifest.ts';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';

const root = resolve(import.meta.dirname, '../../..');

/** Target 6 of issue 10, and what it measured before (77 route bundles, Node 24). */
export const BUNDLE_TARGET = { kb: 300, importMs: 150 };
const BASELINE = 'baseline (issue 10): 74 of 77 over 300 KB, median 433 KB; all over 150 ms, median 315 ms';

export interface BundleResult {
  name: string;
  bytes: number;
  gzipBytes: number;
  importMs: number;
  /**
   * CPU time (user + system, every thread of the process) the same imports took, median: what the
   * import costs whatever else the machine runs, where the wall time above grows with the load.
   */
  importCpuMs: number;
  /** Bytes in the bundle per source: an npm package's name, or `ours` for shared/ and functions/. */
  composition: Record<string, number>;
}

/** The package an input file of the metafile belongs to (`ours` for the repo's own sources). */
export function inputOwner(file: string): string {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return 'ours';
  const parts = file.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Sums an output's inputs by owner, largest first. */
export function composition(inputs: Record<string, { bytesInOutput: number }>): Record<string, number> {
  const byOwner: Record<string, number> = {};
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    if (bytesInOutput === 0) continue;
    const owner = inputOwner(file);
    byOwner[owner] = (byOwner[owner] ?? 0) + bytesInOutput;
  }
  return Object.fromEntries(Object.entries(byOwner).sort((a, b) => b[1] - a[1]));
}

/** Environment a handler reads at import; values do not matter, nothing is called. */
const importEnv = {
  TABLE_NAME: 'bench',
  ATTACHMENTS_BUCKET: 'bench',
  AWS_REGION: 'us-east-1',
  COGNITO_USER_POOL_ID: 'bench',
  COGNITO_CLIENT_ID: 'bench',
  COGNITO_ISSUER: 'https://example.invalid/bench',
};

/**
 * Imports `file` in a fresh Node process: the wall time and the process's CPU time (user + system)
 * from just before the import to just after it.
 */
export function coldImport(file: string): { wallMs: number; cpuMs: number } {
  const script =
    'const c=process.cpuUsage();const t=performance.now();' +
    `await import(${JSON.stringify(file)});` +
    'const d=process.cpuUsage(c);console.log(performance.now()-t,(d.user+d.system)/1000)';
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...importEnv },
    encoding: 'utf8',
  });
  const [wallMs, cpuMs] = out.trim().split(' ').map(Number);
  return { wallMs: wallMs!, cpuMs: cpuMs! };
}

/**
 * `runs` fresh imports per bundle (BENCH_BUNDLE_RUNS, 5 by default; 0 measures sizes only, for a quick
 * look at what a change did to the bytes).
 */
export async function measureBundles(
  runs = Number(process.env.BENCH_BUNDLE_RUNS ?? 5),
): Promise<BundleResult[]> {
  // Inside the repo so that the external SDK resolves from node_modules.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'tandem-bundles-'));
  const results: BundleResult[] = [];
  try {
    const t = performance.now();
    const built = bundleModules(handlerModules(realManifest), out);
    console.log(
      `\nOne esbuild build of ${built.dirs.size} functions: ${fmt((performance.now() - t) / 1000)} s`,
    );
    const outputs = Object.entries(built.metafile.outputs);
    for (const [name, dir] of built.dirs) {
      const file = join(dir, BUNDLE_FILE);
      const output = outputs.find(([path]) => path.endsWith(`/${name}/${BUNDLE_FILE}`));
      const bytes = statSync(file).size;
      const gzipBytes = gzipSync(readFileSync(file)).byteLength;
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const { wallMs, cpuMs } = coldImport(file);
        times.push(wallMs);
        cpuTimes.push(cpuMs);
      }
      results.push({
        name,
        bytes,
        gzipBytes,
        importMs: times.length > 0 ? median(times) : Number.NaN,
        importCpuMs: cpuTimes.length > 0 ? median(cpuTimes) : Number.NaN,
        composition: output ? composition(output[1].inputs) : {},
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return results;
}

const row = (r: BundleResult) =>
  `${r.name.padEnd(40)} ${fmt(r.bytes / 1024).padStart(8)} ${fmt(r.gzipBytes / 1024).padStart(8)} ${fmt(r.importMs).padStart(10)} ${fmt(r.importCpuMs).padStart(8)}`;

export function printBundles(results: BundleResult[]): void {
  const overSize = results.filter((r) => r.bytes > BUNDLE_TARGET.kb * 1024);
  const overTime = results.filter((r) => r.importMs > BUNDLE_TARGET.importMs);
  console.log(
    `Lambda bundles (target: each ≤ ${BUNDLE_TARGET.kb} KB minified and ≤ ${BUNDLE_TARGET.importMs} ms cold import; import = median of 5 fresh processes)`,
  );
  console.log(
    `${results.length} bundles: ${overSize.length} over ${BUNDLE_TARGET.kb} KB, median ${fmt(median(results.map((r) => r.bytes)) / 1024)} KB; ` +
      `${overTime.length} over ${BUNDLE_TARGET.importMs} ms, median ${fmt(median(results.map((r) => r.importMs)))} ms`,
  );
  console.log(BASELINE);
  // The wall time grows with whatever else runs; the CPU time much less (docs/decisions.md D78).
  console.log(
    `load average when the imports ended: ${loadavg()
      .map((l) => fmt(l))
      .join(', ')}`,
  );
  record({
    figure: `Lambda bundles over ${BUNDLE_TARGET.kb} KB (median size)`,
    now: `${overSize.length} of ${results.length} (${fmt(median(results.map((r) => r.bytes)) / 1024)} KB)`,
    target: `0 over ${BUNDLE_TARGET.kb} KB`,
    baseline: '74 of 77 (433 KB)',
    met: overSize.length === 0,
  });
  const timed = results.every((r) => !Number.isNaN(r.importMs));
  if (timed)
    record({
      figure: `Lambda cold imports over ${BUNDLE_TARGET.importMs} ms (median)`,
      now: `${overTime.length} of ${results.length} (${fmt(median(results.map((r) => r.importMs)))} ms)`,
      target: `0 over ${BUNDLE_TARGET.importMs} ms`,
      baseline: '77 of 77 (315 ms)',
      met: overTime.length === 0,
    });
  if (timed)
    console.log(
      `import CPU time (user + system, median of the runs): median ${fmt(median(results.map((r) => r.importCpuMs)))} ms, ` +
        `${results.filter((r) => r.importCpuMs > BUNDLE_TARGET.importMs).length} over ${BUNDLE_TARGET.importMs} ms`,
    );
  const header = `${'bundle'.padEnd(40)} ${'size KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'import ms'.padStart(10)} ${'CPU ms'.padStart(8)}`;
  console.log('\nFive largest:');
  console.log(header);
  for (const r of [...results].sort((a, b) => b.bytes - a.bytes).slice(0, 5)) console.log(row(r));
  console.log(
    '\nWhat the five largest are made of (KB in the minified bundle, by package; `ours` = shared/ + functions/):',
  );
  for (const r of [...results].sort((a, b) => b.bytes - a.bytes).slice(0, 5)) {
    const parts = Object.entries(r.composition).map(([owner, b]) => `${owner} ${fmt(b / 1024)}`);
    console.log(`${r.name.padEnd(40)} ${parts.join(', ')}`);
  }
  console.log('\nFive slowest to import:');
  console.log(header);
  for (const r of [...results].sort((a, b) => b.importMs - a.importMs).slice(0, 5)) console.log(row(r));
  console.log('\nFive with the most import CPU time:');
  console.log(header);
  for (const r of [...results].sort((a, b) => b.importCpuMs - a.importCpuMs).slice(0, 5)) console.log(row(r));
}
