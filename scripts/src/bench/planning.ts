/**
 * `npm run bench -- planning` (issue 16, decisions D59): the planning save and the planning viewer.
 *
 * - Saving a 200-node plan: PATCH /task/plan/{rootId} creating 200 nodes (10 branches of 19 leaves
 *   and the 10 branches) under a fresh root; then the same plan's 200 drafts marked active (200
 *   drafts in the save's bulk activation, D74). Latency p50/p99 and DynamoDB requests per save (the handlers run in this process).
 * - Drawing 500 nodes: /planning?plan=… in Chromium (web/dist: `npm run build` first): the time from
 *   opening the plan until all 500 cards are in the page, and the frame times while zooming in and
 *   out with the wheel (requestAnimationFrame deltas), median and p95.
 */
import { randomUUID } from 'node:crypto';
import { openBrowser, signIn } from '../testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, printLatency } from './api-latency.ts';
import { fmt, median, percentile } from './stats.ts';

type Api = ReturnType<typeof apiClient>;

const creates = (rootId: string, branches: number, leaves: number) =>
  Array.from({ length: branches }, (_, b) => [
    { id: `new:b${b}`, parent_id: rootId, title: `Branch ${b}`, level: 4 },
    ...Array.from({ length: leaves }, (_, l) => ({
      id: `new:b${b}l${l}`,
      parent_id: `new:b${b}`,
      title: `Leaf ${b}.${l}`,
      level: 5,
    })),
  ]).flat();

async function measureSaves(
  label: string,
  n: number,
  prepare: () => Promise<{ path: string; body: object }>,
  counter: { count: number },
): Promise<LatencyResult> {
  const times: number[] = [];
  const perCall = new Set<number>();
  for (let i = 0; i < n + 1; i++) {
    const { path, body } = await prepare();
    const before = counter.count;
    const t = performance.now();
    const r = await fetchJson(path, body);
    const ms = performance.now() - t;
    if (r.status !== 200) throw new Error(`${label}: ${r.status} ${JSON.stringify(r.body)}`);
    if (i === 0) continue; // warm-up
    times.push(ms);
    perCall.add(counter.count - before);
  }
  return {
    label,
    n,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ddbPerCall: [...perCall].sort(),
  };
}

let fetchJson: (path: string, body: object) => Promise<{ status: number; body: unknown }>;

async function newRoot(api: Api, group: string) {
  return (await api.post('/task', { title: `Plan ${randomUUID().slice(0, 4)}`, group, level: 3 })).body
    .results[0].id as string;
}

export async function benchPlanning(
  env: StackEnv,
  url: string,
  counter: { count: number },
  runs = Number(process.env.BENCH_PLANNING_RUNS ?? 5),
) {
  const user = await createUser(env, { password: 'Correct-Horse-9' });
  const api = apiClient(url, user.accessToken);
  fetchJson = (path, body) => api.patch(path, body);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;

  // BENCH_PLANNING=draw or =save runs one half only.
  const part = process.env.BENCH_PLANNING ?? 'all';
  if (part !== 'draw') await benchSaves(api, group, counter, runs);
  if (part !== 'save') await benchDraw(api, group, url, user, Math.min(runs, 3));
}

async function benchSaves(api: Api, group: string, counter: { count: number }, runs: number) {
  const createSave = await measureSaves(
    'PATCH /task/plan: create 200 nodes',
    runs,
    async () => {
      const root = await newRoot(api, group);
      return { path: `/task/plan/${root}`, body: { key: randomUUID(), creates: creates(root, 10, 19) } };
    },
    counter,
  );
  const activateSave = await measureSaves(
    'PATCH /task/plan: 200 drafts marked active',
    runs,
    async () => {
      const root = await newRoot(api, group);
      const made = await api.patch(`/task/plan/${root}`, {
        key: randomUUID(),
        creates: creates(root, 10, 19),
      });
      const ids = (made.body.created as Array<{ id: string }>).map((c) => c.id);
      return {
        path: `/task/plan/${root}`,
        // "Mark all as active" as the viewer sends it (planChanges): one bulk activation (D74).
        body: { key: randomUUID(), activate: ids },
      };
    },
    counter,
  );
  printLatency([createSave, activateSave]);
}

async function benchDraw(
  api: Api,
  group: string,
  url: string,
  user: { email: string; password: string },
  runs: number,
) {
  // Drawing 500 nodes: 20 branches of 24 leaves and the 20 branches under one root (501 cards).
  const big = await newRoot(api, group);
  const seeded = await api.patch(`/task/plan/${big}`, {
    key: randomUUID(),
    creates: creates(big, 20, 24).slice(0, 500),
  });
  if (seeded.status !== 200) throw new Error(JSON.stringify(seeded.body));
  // The read the viewer waits for: GET /task/plan/{rootId} of the 501 nodes.
  const reads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await api.get(`/task/plan/${big}`);
    reads.push(performance.now() - t);
    if (r.body.count !== 501) throw new Error(`the plan holds ${r.body.count} nodes`);
  }
  console.log(`\n  GET /task/plan/{rootId} (501 nodes): median ${fmt(median(reads), 0)} ms of 5`);
  const s = await openBrowser({ width: 1280, height: 900 });
  try {
    await signIn(s.page, url, user.email, user.password);
    const opens: number[] = [];
    const frames: number[] = [];
    for (let i = 0; i < runs; i++) {
      await s.page.goto(`${url}/planning`);
      await s.page.getByTestId('plan-row').first().waitFor();
      const t = performance.now();
      await s.page.goto(`${url}/planning?plan=${big}`);
      // The plan draws only the cards in view above 150 nodes: its root's card is there once drawn.
      await s.page.locator(`[data-plan-node="${big}"]`).waitFor({ timeout: 120_000 });
      const drawn = await s.page.locator('[data-plan-node]').count();
      opens.push(performance.now() - t);
      console.log(`  run ${i + 1}: drawn after ${fmt(opens.at(-1)!, 0)} ms (${drawn} cards in the page)`);
      const canvas = s.page.getByTestId('plan-canvas');
      const box = (await canvas.boundingBox())!;
      await s.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // A string, so the bundler's helpers (tsx names functions) are not needed in the page.
      await s.page.evaluate(`(() => {
        window.__frames = [];
        window.__stop = false;
        let last = performance.now();
        const tick = (now) => {
          window.__frames.push(now - last);
          last = now;
          if (!window.__stop) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      for (let k = 0; k < 30; k++) {
        await s.page.mouse.wheel(0, k % 10 < 5 ? -120 : 120);
        await s.page.waitForTimeout(30);
      }
      const got = (await s.page.evaluate(
        '(() => { window.__stop = true; return window.__frames.slice(1); })()',
      )) as number[];
      frames.push(...got);
    }
    console.log('\nWeb: the planning viewer with 501 nodes in Chromium (%d runs)', runs);
    console.log(`  open → the plan drawn: median ${fmt(median(opens), 0)} ms`);
    console.log(
      `  frame time while zooming: median ${fmt(median(frames))} ms, p95 ${fmt(percentile(frames, 95))} ms (${frames.length} frames)`,
    );
    if (s.errors.length) console.log('  page errors:', s.errors);
  } finally {
    await s.close();
  }
}
