/**
 * `npm run bench -- bundles-ab` (BENCH_BUNDLES_AGAINST=<git revision>, HEAD~1 by default): the cold
 * import of the same routes bundled from an earlier revision and from the working tree, imported in
 * turn (A, B, A, B …) in fresh processes, so that both meet the same load on a shared machine; prints
 * each route's medians and their ratio. The earlier sources are taken with `git archive` into
 * a hidden folder of the checkout (where the packages resolve; not under node_modules, where Node's
 * type stripping refuses the revision's infra/src/bundle-build.ts, D78) and bundled with that revision's own
 * infra/src/bundles.ts. docs/decisions.md D42.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { BUNDLE_FILE } from '../../../infra/src/bundles.ts';
import { handlerModules, realManifest } from '../../../infra/src/manifest.ts';
import { coldImport } from './bundles.ts';
import { fmt, median } from './stats.ts';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The five largest routes today and five of the median, unless BENCH_BUNDLES_ROUTES names others;
 * `all` is every function of the manifest that both revisions have (docs/decisions.md D81).
 */
const NAMED_ROUTES = (
  process.env.BENCH_BUNDLES_ROUTES ??
  'http/tasks/update-task,http/tasks/create-task,http/schedules/set-schedule,http/schedules/normalize,' +
    'http/tasks/get-task,http/tasks/list-tasks,http/groups/list-groups,http/user/get-config,' +
    'http/categories/update-category,streams/live'
).split(',');

type Bundler = (modules: readonly string[], outdir: string) => { dirs: ReadonlyMap<string, string> };

export async function benchBundlesAb(runs = Number(process.env.BENCH_BUNDLE_RUNS ?? 5)): Promise<void> {
  const against = process.env.BENCH_BUNDLES_AGAINST ?? 'HEAD~1';
  const rev = execFileSync('git', ['rev-parse', '--short', against], { cwd: root, encoding: 'utf8' }).trim();
  const work = mkdtempSync(join(root, '.tandem-bundles-ab-'));
  try {
    const old = join(work, 'old');
    mkdirSync(old);
    execSync(
      `git archive ${rev} shared functions infra tsconfig.base.json package.json | tar -x -C ${JSON.stringify(old)}`,
      { cwd: root },
    );
    // The workspace packages of that revision, not the working tree's (which node_modules links to),
    // and the packages installed under functions/ alone.
    mkdirSync(join(old, 'node_modules/@tandem'), { recursive: true });
    for (const pkg of ['shared', 'functions'])
      symlinkSync(join(old, pkg), join(old, 'node_modules/@tandem', pkg));
    symlinkSync(join(root, 'functions/node_modules'), join(old, 'functions/node_modules'));
    const ROUTES =
      NAMED_ROUTES.join() === 'all'
        ? [...new Set(handlerModules(realManifest))].filter((m) =>
            existsSync(join(old, 'functions/src', `${m}.ts`)),
          )
        : NAMED_ROUTES;
    const oldBundler = (await import(join(old, 'infra/src/bundles.ts'))).bundleModules as Bundler;
    const newBundler = (await import('../../../infra/src/bundles.ts')).bundleModules as Bundler;
    const a = oldBundler(ROUTES, join(work, 'a'));
    const b = newBundler(ROUTES, join(work, 'b'));
    if (runs === 0) {
      printSizes(
        ROUTES,
        (r) => statSync(join(a.dirs.get(r)!, BUNDLE_FILE)).size / 1024,
        (r) => statSync(join(b.dirs.get(r)!, BUNDLE_FILE)).size / 1024,
        rev,
      );
      return;
    }
    console.log(
      `\nCold import, ${rev} (A) against the working tree (B), ${runs} fresh processes each, in turn:`,
    );
    console.log(
      `${'bundle'.padEnd(40)} ${'A KB'.padStart(7)} ${'B KB'.padStart(7)} ${'A ms'.padStart(8)} ${'B ms'.padStart(8)} ${'B/A'.padStart(6)} ${'A CPU'.padStart(7)} ${'B CPU'.padStart(7)} ${'B/A'.padStart(6)}`,
    );
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (const route of ROUTES) {
      const fa = join(a.dirs.get(route)!, BUNDLE_FILE);
      const fb = join(b.dirs.get(route)!, BUNDLE_FILE);
      const ta: number[] = [];
      const tb: number[] = [];
      const ca: number[] = [];
      const cb: number[] = [];
      for (let i = 0; i < runs; i++) {
        const ia = coldImport(fa);
        const ib = coldImport(fb);
        ta.push(ia.wallMs);
        tb.push(ib.wallMs);
        ca.push(ia.cpuMs);
        cb.push(ib.cpuMs);
      }
      const [ma, mb, mca, mcb] = [median(ta), median(tb), median(ca), median(cb)];
      ratios.push(mb / ma);
      cpuRatios.push(mcb / mca);
      const kb = (f: string) => fmt(statSync(f).size / 1024).padStart(7);
      console.log(
        `${route.padEnd(40)} ${kb(fa)} ${kb(fb)} ${fmt(ma).padStart(8)} ${fmt(mb).padStart(8)} ${fmt(mb / ma, 2).padStart(6)} ${fmt(mca).padStart(7)} ${fmt(mcb).padStart(7)} ${fmt(mcb / mca, 2).padStart(6)}`,
      );
    }
    console.log(
      `median ratio B/A: wall ${fmt(median(ratios), 2)}, CPU ${fmt(median(cpuRatios), 2)}; load average ${loadavg()
        .map((l) => fmt(l))
        .join(', ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Sizes alone (BENCH_BUNDLE_RUNS=0): each bundle of either side, largest first, and the summary. */
function printSizes(
  routes: readonly string[],
  a: (r: string) => number,
  b: (r: string) => number,
  rev: string,
) {
  const rows = routes.map((r) => ({ r, a: a(r), b: b(r) })).sort((x, y) => y.b - x.b);
  console.log(`\nBundle sizes, ${rev} (A) against the working tree (B), KB minified:`);
  for (const { r, a: ka, b: kb } of rows)
    console.log(`${r.padEnd(48)} ${fmt(ka).padStart(7)} ${fmt(kb).padStart(7)} ${fmt(kb - ka).padStart(7)}`);
  const over = (k: 'a' | 'b') => rows.filter((x) => x[k] > 300).length;
  console.log(
    `${rows.length} bundles; median ${fmt(median(rows.map((x) => x.a)))} → ${fmt(median(rows.map((x) => x.b)))} KB; ` +
      `over 300 KB ${over('a')} → ${over('b')}; largest ${fmt(Math.max(...rows.map((x) => x.a)))} → ${fmt(Math.max(...rows.map((x) => x.b)))} KB`,
  );
}
