/**
 * The Today route as Chromium loads it (issue 10, target 7), measured from the browser's own events,
 * not from chunk names: every JavaScript file the page fetched before the first task row showed
 * (gzip bytes of those files, and the bytes that crossed the wire), the time to the first task row
 * at 1× and 4× CPU slowdown, total blocking time from a Chromium trace, layout shift, and how deep the
 * data requests run as a waterfall. Each figure is the median of 5 loads with a cold cache, printed
 * beside its target.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { openBrowser, signIn } from '../testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';
import { printOwners } from './web-packages.ts';

const dist = resolve(import.meta.dirname, '../../../web/dist');

/** The page's own record of when the first task row appeared and how the layout shifted. */
const OBSERVE = `
  window.__perf = { firstTask: null, shifts: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__perf.shifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  const seen = () => {
    if (window.__perf.firstTask !== null) return;
    const row = document.querySelector('[data-task-row]');
    if (row && row.getBoundingClientRect().height > 0) {
      // The frame that paints it.
      const at = performance.now();
      window.__perf.firstTask = at;
      requestAnimationFrame(() => { window.__perf.firstTaskFrame = performance.now(); });
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
`;

/** Largest layout-shift session window (gaps under 1 s, windows up to 5 s), as Chromium scores CLS. */
export function cumulativeLayoutShift(shifts: [number, number][]): number {
  let best = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const [t, v] of shifts) {
    if (t - last > 1000 || t - start > 5000) {
      sum = 0;
      start = t;
    }
    sum += v;
    last = t;
    best = Math.max(best, sum);
  }
  return best;
}

/** Each library the first screen does without leaves its own text in its code. */
export const START_FREE_LIBRARIES: Record<string, RegExp> = {
  'Cognito (amazon-cognito-identity-js)': /AWSCognitoIdentityProviderService/,
  zod: /_zod/,
  Luxon: /Invalid DateTime/,
  'the calendar (react-big-calendar)': /rbc-calendar|rbc-time-view/,
  // Loaded after the first content (D43): drag and drop, and the overlays behind menus, tooltips and
  // the level picker.
  'drag and drop (dnd-kit)': /DndDescribedBy/,
  'floating-ui (menus, tooltips, pickers)': /floating-ui-focusable/,
  "Mantine's Menu (the row menus)": /data-menu-dropdown/,
  // The overlays' scroll lock (D45): the AppShell takes only its class names.
  'the scroll lock (react-remove-scroll)': /block-interactivity/,
  // Features with screens of their own (issues 15 and 16): the editor, the task grid, the planning flow.
  'the rich-text editor (Lexical)': /lexical\.dev/,
  'the task grid (TanStack Table)': /getCoreRowModel/,
  'the planning flow (React Flow)': /react-flow__/,
  // What opens from Today comes with its own code (D79): the texts of the task form and the quick add
  // (i18n/with-later-texts.ts), and the confetti's canvas.
  "the task form's texts": /Call Anna tomorrow 3pm/,
  "the confetti's canvas": /"data-testid":`confetti`/,
};

/** Which of START_FREE_LIBRARIES the given built files carry. */
export function librariesIn(files: string[]): string[] {
  return Object.entries(START_FREE_LIBRARIES)
    .filter(([, re]) => files.some((f) => re.test(readFileSync(join(dist, f), 'utf8'))))
    .map(([name]) => name);
}

interface Req {
  url: string;
  type: string;
  start: number;
  end: number | null;
  encoded: number;
}

/**
 * Longest chain of requests, each one sent only after the one before it had finished, that ends in a
 * request `target` picks (Today: its task lists, which carry the first task); all of them when no
 * target is given.
 */
export function waterfallDepth<R extends { start: number; end: number }>(
  reqs: R[],
  target: (r: R) => boolean = () => true,
): number {
  const sorted = [...reqs].sort((a, b) => a.end - b.end);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let d = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= sorted[i]!.start) d = Math.max(d, depth[j]! + 1);
    depth.push(d);
  }
  return Math.max(0, ...depth.filter((_, i) => target(sorted[i]!)));
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time of the event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { frame?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((ok) =>
    cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => ok(e.stream!)),
  );
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/**
 * Total blocking time: the main thread's tasks from first contentful paint until the page was quiet,
 * each counting what it ran past 50 ms. `scale` > 1 counts each task's CPU time (the thread's own,
 * which a busy machine does not stretch) times `scale`: Lighthouse's mobile run estimates blocking
 * time so, from an unthrottled load with a 4× slower CPU (D89).
 */
export function totalBlockingTime(events: TraceEvent[], untilMs: number, scale = 1): number {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.frame === nav?.args?.frame);
  if (!nav || !fcp) return Number.NaN;
  const main = { pid: fcp.pid, tid: fcp.tid };
  const from = fcp.ts;
  const until = nav.ts + untilMs * 1000;
  let tbt = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid) continue;
    const end = e.ts + (e.dur ?? 0);
    if (end < from || e.ts > until) continue;
    const ms = ((scale === 1 ? e.dur : (e.tdur ?? e.dur)) ?? 0) / 1000;
    if (ms * scale > 50) tbt += ms * scale - 50;
  }
  return tbt;
}

export interface TodayLoad {
  firstTaskMs: number;
  jsFiles: string[];
  jsGzip: number;
  jsWire: number;
  cssFiles: string[];
  cls: number;
  tbt: number;
  /** Blocking time with each task's CPU time × 4 (as Lighthouse's mobile run estimates it). */
  tbt4: number;
  dataDepth: number;
  configStartMs: number;
  firstApiStartMs: number;
  /** The data requests before the first task: path, sent and answered (ms after navigation). */
  requests: { path: string; start: number; end: number }[];
}

const gzipCache = new Map<string, number>();
const gzipOf = (path: string) => {
  let n = gzipCache.get(path);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, path))).byteLength;
    gzipCache.set(path, n);
  }
  return n;
};

/** One cold load of `/` in a new tab: cache off, the CPU slowed `cpu` times. */
export async function loadToday(
  context: BrowserContext,
  baseUrl: string,
  cpu: number,
  trace = false,
): Promise<TodayLoad> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.addInitScript(OBSERVE);
  const reqs = new Map<string, Req>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!t0 && e.type === 'Document') t0 = e.timestamp;
    reqs.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? '',
      start: e.timestamp,
      end: null,
      encoded: 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.encoded = e.encodedDataLength;
    }
  });
  if (trace) {
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'loading',
          'blink.user_timing',
        ],
      },
    });
  }
  await page.goto(`${baseUrl}/`);
  await page.locator('[data-task-row]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(
    () => (window as unknown as { __perf: { firstTaskFrame?: number } }).__perf.firstTaskFrame,
  );
  // Let late shifts and work after the first task happen (the calendar aside, later lists).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const perf = (await page.evaluate(() => (window as unknown as { __perf: unknown }).__perf)) as {
    firstTaskFrame: number;
    shifts: [number, number][];
  };
  const quietAt = (await page.evaluate(() => performance.now())) as number;
  const events = trace ? await readTrace(cdp) : [];
  await cdp.detach();
  await page.close();

  const rel = (s: number) => (s - t0) * 1000;
  const before = [...reqs.values()].filter((r) => r.end !== null && rel(r.start) <= perf.firstTaskFrame);
  const js = before.filter((r) => r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname));
  const local = (r: Req) => new URL(r.url).pathname.replace(/^\//, '');
  const data = before.filter((r) => /\/api\/|\/config\.json/.test(new URL(r.url).pathname));
  const api = data.filter((r) => new URL(r.url).pathname.includes('/api/'));
  return {
    firstTaskMs: perf.firstTaskFrame,
    jsFiles: js.map(local),
    jsGzip: js.reduce((n, r) => n + gzipOf(local(r)), 0),
    jsWire: js.reduce((n, r) => n + r.encoded, 0),
    cssFiles: before.filter((r) => r.type === 'Stylesheet').map(local),
    cls: cumulativeLayoutShift(perf.shifts),
    tbt: trace ? totalBlockingTime(events, quietAt) : Number.NaN,
    tbt4: trace ? totalBlockingTime(events, quietAt, 4) : Number.NaN,
    dataDepth: waterfallDepth(
      api.map((r) => ({ url: r.url, start: r.start, end: r.end! })),
      (r) => /\/task\?.*priority_group=/.test(r.url),
    ),
    configStartMs: Math.min(...data.filter((r) => r.url.includes('config.json')).map((r) => rel(r.start))),
    firstApiStartMs: Math.min(...api.map((r) => rel(r.start))),
    requests: data.map((r) => {
      const u = new URL(r.url);
      return { path: u.pathname.replace('/api/v1', '') + u.search, start: rel(r.start), end: rel(r.end!) };
    }),
  };
}

/** A signed-in person with a few tasks in each Today panel. */
export async function seedToday(env: StackEnv, url: string) {
  const user = await createUser(env, { password: 'Correct-Horse-9' });
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results[0].id;
  for (let i = 0; i < 12; i++) {
    await api.post('/task', { title: `Task ${i + 1}`, group, priority_group: i % 4 });
  }
  return user;
}

export async function benchWebToday(env: StackEnv, url: string, runs = 5) {
  const user = await seedToday(env, url);
  const s = await openBrowser({ width: 1280, height: 900 });
  try {
    await signIn(s.page, url, user.email, user.password);
    await s.page.locator('[data-task-row]').first().waitFor();
    // One load first, so the gateway has compressed every file once.
    await loadToday(s.context, url, 1);
    const at1: TodayLoad[] = [];
    const at4: TodayLoad[] = [];
    for (let i = 0; i < runs; i++) {
      at1.push(await loadToday(s.context, url, 1, true));
      at4.push(await loadToday(s.context, url, 4));
    }
    const m = (xs: TodayLoad[], f: (x: TodayLoad) => number) => median(xs.map(f));
    const kb = (n: number) => `${fmt(n / 1024)} KB`;
    const last = at1.at(-1)!;
    console.log('\nWeb: the Today route in Chromium (median of %d cold loads)', runs);
    console.log(
      `  JS before the first task:  ${kb(m(at1, (x) => x.jsGzip))} gzip (${kb(m(at1, (x) => x.jsWire))} on the wire, ${last.jsFiles.length} files)   target ≤ 200 KB, baseline 471 KB, before D43 319.6 KB`,
    );
    console.log(
      `  first task at 1×:          ${fmt(
        m(at1, (x) => x.firstTaskMs),
        0,
      )} ms   target ≤ 1000 ms, baseline 2000 ms`,
    );
    console.log(
      `  first task at 4× CPU:      ${fmt(
        m(at4, (x) => x.firstTaskMs),
        0,
      )} ms   target ≤ 2500 ms, baseline 4800 ms`,
    );
    console.log(
      `  total blocking time at 1×: ${fmt(
        m(at1, (x) => x.tbt),
        0,
      )} ms   target ≤ 200 ms, baseline 518 ms`,
    );
    console.log(
      `  blocking time, CPU × 4:    ${fmt(
        m(at1, (x) => x.tbt4),
        0,
      )} ms   target ≤ 200 ms (Lighthouse mobile), before D89 608–658 ms`,
    );
    console.log(
      `  layout shift (CLS):        ${fmt(
        m(at1, (x) => x.cls),
        3,
      )}   target ≤ 0.1, baseline 0.31–0.33`,
    );
    console.log(`  API waterfall to the lists: ${m(at1, (x) => x.dataDepth)} steps   target ≤ 2`);
    const figures: Array<[string, number, string, number, string]> = [
      ['Today: JS before the first task (gzip)', m(at1, (x) => x.jsGzip) / 1024, 'KB', 200, '489 KB'],
      ['Today: first task at 1×', m(at1, (x) => x.firstTaskMs), 'ms', 1000, '2,000 ms'],
      ['Today: first task at 4× CPU', m(at4, (x) => x.firstTaskMs), 'ms', 2500, '4,800 ms'],
      ['Today: total blocking time at 1×', m(at1, (x) => x.tbt), 'ms', 200, '518 ms'],
      ['Today: blocking time, CPU × 4', m(at1, (x) => x.tbt4), 'ms', 200, '608–658 ms (before D89)'],
      ['Today: layout shift (CLS)', m(at1, (x) => x.cls), '', 0.1, '0.31–0.33 (Lighthouse mobile)'],
      ['Today: API steps to the lists', m(at1, (x) => x.dataDepth), 'steps', 2, '3 steps'],
    ];
    for (const [figure, value, unit, target, baseline] of figures)
      record({
        figure,
        now: `${fmt(value, unit === '' ? 3 : unit === 'steps' ? 0 : 1)} ${unit}`.trim(),
        target: `≤ ${target} ${unit}`.trim(),
        baseline,
        met: value <= target,
      });
    console.log(
      `  /config.json sent at:      ${fmt(
        m(at1, (x) => x.configStartMs),
        0,
      )} ms; first API call at ${fmt(
        m(at1, (x) => x.firstApiStartMs),
        0,
      )} ms`,
    );
    console.log(
      `  libraries among them:      ${librariesIn(last.jsFiles).join(', ') || `none of ${Object.keys(START_FREE_LIBRARIES).join(', ')}`}`,
    );
    console.log(`  stylesheets before the first task: ${last.cssFiles.join(', ') || 'none'}`);
    console.log(
      `  data requests (last load): ${last.requests.map((r) => `${r.path} ${fmt(r.start, 0)}–${fmt(r.end, 0)} ms`).join('; ')}`,
    );
    console.log(`  scripts: ${last.jsFiles.map((f) => `${f} ${kb(gzipOf(f))}`).join(', ')}`);
    // What those scripts are made of, by package or folder (web-packages.ts, from the source maps).
    console.log('  by package (gzip, shared out by minified bytes):');
    printOwners(last.jsFiles);
  } finally {
    await s.close();
  }
}
