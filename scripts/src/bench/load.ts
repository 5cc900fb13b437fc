/**
 * The mixed load run (issue 10, target 9): people with 2,000 tasks each, calls drawn in the shares of
 * the usage model of docs/scale.md, sent open-loop at a fixed rate (a slow answer does not slow the
 * sender, as real users do not wait for each other). First a sweep of rising rates finds the knee —
 * the first rate whose p99 passes 150 ms, that errs, or that the stack cannot keep up with — then the
 * main run holds the target rate. The gateway, the handlers and this sender share one process and the
 * machine's cores with DynamoDB Local, so the figures are a floor for one machine, not for AWS.
 */
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { seedListTasks } from './lists.ts';
import { record } from './report.ts';
import { fmt, percentile } from './stats.ts';

type Api = ReturnType<typeof apiClient>;
interface Person {
  api: Api;
  group: string;
  taskIds: string[];
}
interface Call {
  kind: string;
  run: (p: Person) => Promise<Response>;
}

const WEEK = 7 * 86_400_000;
/** Shares of a day's 60 calls per person (docs/scale.md): 32 list, 10 read, 8 change, 3 create, 2 calendar, 5 other. */
const MIX: [number, Call][] = [
  [32, { kind: 'list', run: (p) => p.api.raw('GET', `/task?priority_group=${rand(4)}&size=25`, {}) }],
  [10, { kind: 'read', run: (p) => p.api.raw('GET', `/task/${pick(p.taskIds)}`, {}) }],
  [
    8,
    {
      kind: 'change',
      run: (p) =>
        p.api.raw('PATCH', `/task/${pick(p.taskIds)}`, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Renamed ${rand(1e6)}` }),
        }),
    },
  ],
  [
    3,
    {
      kind: 'create',
      run: (p) =>
        p.api.raw('POST', '/task', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: `New ${rand(1e6)}`, group: p.group }),
        }),
    },
  ],
  [
    2,
    {
      kind: 'calendar',
      run: (p) => {
        const from = new Date().toISOString();
        const to = new Date(Date.now() + WEEK).toISOString();
        return p.api.raw(
          'GET',
          `/task/schedule?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`,
          {},
        );
      },
    },
  ],
  [5, { kind: 'other', run: (p) => p.api.raw('GET', '/user/config/', {}) }],
];
const TOTAL = MIX.reduce((a, [w]) => a + w, 0);

function rand(n: number) {
  return Math.floor(Math.random() * n);
}
function pick<T>(xs: readonly T[]): T {
  return xs[rand(xs.length)]!;
}
function drawCall(): Call {
  let r = Math.random() * TOTAL;
  for (const [w, call] of MIX) {
    r -= w;
    if (r < 0) return call;
  }
  return MIX[0]![1];
}

async function seedPeople(env: StackEnv, url: string, people: number, tasks: number): Promise<Person[]> {
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const out: Person[] = [];
  for (let i = 0; i < people; i++) {
    const user = await createUser(env);
    const api = apiClient(url, user.accessToken);
    // The bulk straight into the table (the lists read only those); the tasks that are read and
    // changed one by one are made through the API, so they are whole.
    await seedListTasks(user.userId, tasks - 20);
    const group = (await listGroups({ userId: user.userId, username: user.userId })).results[0]!.id;
    const taskIds: string[] = [];
    for (let t = 0; t < 20; t++) {
      const made = await api.post('/task', { title: `Worked on ${t + 1}`, group });
      if (made.status !== 201) throw new Error(`Seeding answered ${made.status}`);
      taskIds.push(made.body.results[0].id);
    }
    out.push({ api, group, taskIds });
  }
  return out;
}

interface RunResult {
  rate: number;
  seconds: number;
  sent: number;
  achieved: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  byKind: Map<string, number[]>;
}

/** Sends `rate` calls a second for `seconds`, open-loop, and waits for the last answer. */
async function run(people: Person[], rate: number, seconds: number): Promise<RunResult> {
  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  let errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const n = Math.round(rate * seconds);
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const call = drawCall();
    const person = pick(people);
    const t = performance.now();
    pending.push(
      call
        .run(person)
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status >= 400) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          const ms = performance.now() - t;
          times.push(ms);
          const list = byKind.get(call.kind) ?? [];
          list.push(ms);
          byKind.set(call.kind, list);
        }),
    );
  }
  const sentIn = (performance.now() - start) / 1000;
  await Promise.all(pending);
  return {
    rate,
    seconds,
    sent: n,
    achieved: n / sentIn,
    errors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    byKind,
  };
}

const P99_TARGET = 150;
const overKnee = (r: RunResult) => r.p99 > P99_TARGET || r.errors > 0 || r.achieved < r.rate * 0.95;

export async function benchLoad(env: StackEnv, url: string) {
  const peopleCount = Number(process.env.LOAD_PEOPLE ?? 10);
  const tasks = Number(process.env.LOAD_TASKS ?? 2000);
  const rate = Number(process.env.LOAD_RATE ?? 50);
  const seconds = Number(process.env.LOAD_SECONDS ?? 300);
  const sweep = (process.env.LOAD_SWEEP ?? '10,25,50,75,100,150').split(',').map(Number);
  const sweepSeconds = Number(process.env.LOAD_SWEEP_SECONDS ?? 20);

  const t = performance.now();
  const people = await seedPeople(env, url, peopleCount, tasks);
  console.log(
    `Seeded ${peopleCount} people x ${tasks} tasks in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  await run(people, 20, 5); // warm-up, not reported

  console.log(
    `\nLoad sweep: ${sweepSeconds} s at each rate (knee: p99 > ${P99_TARGET} ms, an error, or <95% sent)`,
  );
  const row = (cells: (string | number)[]) =>
    console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 8 : 10)).join(' '));
  row(['rate/s', 'sent/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors']);
  let knee: number | null = null;
  for (const r of sweep) {
    const res = await run(people, r, sweepSeconds);
    row([r, fmt(res.achieved), fmt(res.p50), fmt(res.p95), fmt(res.p99), res.errors]);
    if (knee === null && overKnee(res)) knee = r;
  }
  console.log(knee === null ? `No knee up to ${sweep.at(-1)}/s` : `Knee at ${knee}/s`);
  record({
    figure: 'Load: the knee (first rate past p99 150 ms or erring)',
    now: knee === null ? `none up to ${sweep.at(-1)}/s` : `${knee}/s`,
    target: '—',
    baseline: 'not measured',
    met: null,
  });

  console.log(`\nMain run: ${rate}/s for ${seconds} s (target p99 ≤ ${P99_TARGET} ms, 0 errors)`);
  const main = await run(people, rate, seconds);
  row(['rate/s', 'sent/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors']);
  row([rate, fmt(main.achieved), fmt(main.p50), fmt(main.p95), fmt(main.p99), main.errors]);
  for (const [kind, ms] of main.byKind) {
    console.log(
      `  ${kind.padEnd(9)} n=${String(ms.length).padStart(6)}  p50 ${fmt(percentile(ms, 50))} ms  p99 ${fmt(percentile(ms, 99))} ms`,
    );
  }
  record({
    figure: `Load: ${rate}/s for ${seconds} s, ${peopleCount} people x ${tasks} tasks, p99 / errors`,
    now: `${fmt(main.p99)} ms / ${main.errors}`,
    target: '≤ 150 ms / 0',
    baseline: 'not measured',
    met: main.p99 <= P99_TARGET && main.errors === 0,
  });
  console.log(
    `Result: p99 ${fmt(main.p99)} ms (target ≤ ${P99_TARGET}), ${main.errors} errors (target 0): ${
      overKnee(main) ? 'over target' : 'within target'
    }`,
  );
}
