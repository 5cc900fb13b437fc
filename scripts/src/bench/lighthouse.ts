/**
 * `npm run bench -- lighthouse`: Lighthouse accessibility and performance scores of sign-in and Today,
 * with the mobile preset (a mid-range phone on slow 4G, simulated) and the desktop one, median of 3
 * fresh loads each (HTTP cache emptied before every load). Builds the web app if its sources changed
 * and starts its own throwaway stack, as the other entries do. Scores on this two-core machine are
 * lower than on a fast one; compare runs made here with each other.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { openBrowser, signIn } from '../testing/browser.ts';
import { type Category, type LighthouseReport, lighthouseNavigation } from '../testing/lighthouse.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { median } from './stats.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES: Category[] = ['accessibility', 'performance'];
const ALL_PRESETS = ['mobile', 'desktop'] as const;
/** `BENCH_LIGHTHOUSE_PRESETS=mobile` and `BENCH_LIGHTHOUSE_PAGES=today` narrow a run (default: all). */
const PRESETS = ALL_PRESETS.filter((p) => (process.env.BENCH_LIGHTHOUSE_PRESETS ?? p).split(',').includes(p));
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'login,today').split(',');
/** `BENCH_LIGHTHOUSE_SAVE=/tmp/lh` keeps each page's last report as /tmp/lh-<page>-<preset>.json to study. */
const SAVE = process.env.BENCH_LIGHTHOUSE_SAVE;

interface Row {
  page: string;
  preset: (typeof ALL_PRESETS)[number];
  scores: Record<Category, number[]>;
  lcp: number[];
  tbt: number[];
}

async function measure(devtoolsUrl: string, page: string, url: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const preset of PRESETS) {
    const row: Row = { page, preset, scores: {} as Row['scores'], lcp: [], tbt: [] };
    for (const c of CATEGORIES) row.scores[c] = [];
    for (let i = 0; i < RUNS; i++) {
      const report: LighthouseReport = await lighthouseNavigation(devtoolsUrl, url, {
        categories: CATEGORIES,
        preset,
      });
      if (new URL(report.url).pathname !== new URL(url).pathname)
        throw new Error(`Lighthouse ended on ${report.url}, not ${url}`);
      for (const c of CATEGORIES) row.scores[c].push(Math.round((report.scores[c] ?? 0) * 100));
      row.lcp.push(report.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      row.tbt.push(report.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      if (report.warnings.length > 0) console.log(`  ${page} ${preset}: ${report.warnings.join('; ')}`);
      if (preset === 'mobile' && i === RUNS - 1) printBlame(page, report);
      if (SAVE && i === RUNS - 1)
        writeFileSync(`${SAVE}-${page.replace(/\W+/g, '')}-${preset}.json`, JSON.stringify(report.lhr));
    }
    console.log(
      `  ${page} ${preset}: accessibility ${row.scores.accessibility.join(', ')}; performance ${row.scores.performance.join(', ')}`,
    );
    rows.push(row);
  }
  return rows;
}

/**
 * What Lighthouse blames for the performance score (its last mobile run of a page): the metrics, the
 * LCP element and its phases, and every performance audit or insight below a pass with its figure.
 */
function printBlame(page: string, report: LighthouseReport) {
  const audits = report.lhr.audits;
  const metric = (id: string) => audits[id]?.displayValue ?? '—';
  console.log(
    `  ${page} mobile, last run: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  const perf = report.lhr.categories.performance?.auditRefs ?? [];
  const metrics = new Set(perf.filter((r) => r.group === 'metrics').map((r) => r.id));
  for (const ref of perf) {
    const a = audits[ref.id];
    if (!a || metrics.has(ref.id) || a.score === null || a.score >= 0.9) continue;
    if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    const details = a.details as { type?: string; items?: Array<Record<string, unknown>> } | undefined;
    const items = (details?.items ?? [])
      .slice(0, 4)
      .map((it) => {
        const where = (it.url ??
          (it.node as { selector?: string } | undefined)?.selector ??
          it.label ??
          it.phase ??
          it.group ??
          '') as string;
        const n = (it.wastedBytes ?? it.totalBytes ?? it.duration ?? it.total ?? it.timing ?? it.wastedMs) as
          | number
          | undefined;
        return `${String(where).replace(/^https?:\/\/[^/]+/, '')}${typeof n === 'number' ? ` ${Math.round(n)}` : ''}`;
      })
      .filter((x) => x.trim() !== '');
    console.log(`    ${a.id}: ${a.displayValue ?? a.title}${items.length ? ` — ${items.join('; ')}` : ''}`);
  }
  // The long tasks themselves (start and length on the simulated phone), where blocking time comes from.
  const long = (audits['long-tasks']?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  if (long?.length)
    console.log(
      `    long tasks: ${long
        .map(
          (t) =>
            `${String(t.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '—'} @${Math.round(Number(t.startTime))} ${Math.round(Number(t.duration))} ms`,
        )
        .join('; ')}`,
    );
}

/** Targets of issue 10 (performance) and 11 (accessibility), and the figures measured before the work. */
const TARGETS: Record<string, { performance: number; baseline: string }> = {
  '/login mobile': { performance: 90, baseline: 'performance 50' },
  '/login desktop': { performance: 98, baseline: 'performance 90' },
  'Today (/) mobile': { performance: 90, baseline: 'performance 16' },
  'Today (/) desktop': { performance: 98, baseline: 'performance 45' },
};

function print(rows: Row[]) {
  for (const r of rows) {
    const target = TARGETS[`${r.page} ${r.preset}`];
    const a11y = median(r.scores.accessibility);
    const perf = median(r.scores.performance);
    record({
      figure: `Lighthouse ${r.page} ${r.preset}: accessibility / performance`,
      now: `${a11y} / ${perf}`,
      target: `100 / ≥ ${target?.performance ?? '—'}`,
      baseline: `accessibility 87–97, ${target?.baseline ?? '—'}`,
      met: a11y === 100 && (target ? perf >= target.performance : true),
    });
  }
  console.log(`\nLighthouse ${CATEGORIES.join(' and ')}, median of ${RUNS} cold loads`);
  console.log('page        preset   accessibility  performance  LCP (ms)  TBT (ms)');
  for (const r of rows)
    console.log(
      [
        r.page.padEnd(11),
        r.preset.padEnd(8),
        String(median(r.scores.accessibility)).padStart(13),
        String(median(r.scores.performance)).padStart(12),
        median(r.lcp).toFixed(0).padStart(9),
        median(r.tbt).toFixed(0).padStart(9),
      ].join(' '),
    );
}

export async function benchLighthouse() {
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const { ensureWebBuild } = await import('../local/web-build.ts');
  const { startStack } = await import('../local/stack.ts');
  await ensureWebBuild({ repoRoot, log: (m) => console.log(m) });
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-bench-'));
  const stack = await startStack({ dataDir, port: 0, inMemory: true, quiet: true, throttle: false });
  const browser = await openBrowser({ devtools: true });
  try {
    const password = 'Correct-Horse-9';
    const email = 'bench-lighthouse@example.com';
    const user = await createUser(stack.env as StackEnv, { email, firstName: 'Ada', password });
    // Today as a person with a few tasks sees it: every panel has rows.
    const api = apiClient(stack.url, user.accessToken);
    const group = (await api.get('/group/member')).body.results[0].id;
    for (let i = 0; i < 12; i++) {
      const r = await api.post('/task', {
        group,
        title: `Task ${i + 1}`,
        priority_group: i % 4,
        ...(i % 3 === 0
          ? {
              due_at: DateTime.now()
                .plus({ days: i - 2 })
                .toISO(),
            }
          : {}),
      });
      if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    }
    console.log('Lighthouse (each line: the runs in order)');
    // Sign-in first, signed out; then the same browser signs in and Today is loaded with its session.
    const rows = PAGES.includes('login')
      ? await measure(browser.devtoolsUrl as string, '/login', `${stack.url}/login`)
      : [];
    if (PAGES.includes('today')) {
      await signIn(browser.page, stack.url, email, password);
      rows.push(...(await measure(browser.devtoolsUrl as string, 'Today (/)', `${stack.url}/`)));
    }
    print(rows);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
