/**
 * The scheduled calendar sync (decisions D70, D75): links per second of `syncAll` over 30 links of
 * three Google accounts (the local stand-in), each link its own group with 3 scheduled tasks, exported
 * to the account's Work calendar; one link at a time (as before D75) and `SYNC_CONCURRENCY` at a time,
 * each the median of 3 runs over links already in step (the usual 15-minute run: changes read, stamps
 * compared, nothing written), and the first run (every task written). The stand-in answers at once on
 * this machine, where a real provider is a network away: each figure is also taken with
 * `PROVIDER_WAIT_MS` added to every call to the stand-in (this process's fetch, which the sync uses).
 */
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';

const ACCOUNTS = 3;
const LINKS_PER_ACCOUNT = 10;
const TASKS_PER_LINK = 3;
/** A round trip to a provider's API, roughly (Google and Graph from a Lambda: tens to hundreds of ms). */
const PROVIDER_WAIT_MS = 80;

export async function benchCalendarSync(env: StackEnv, url: string): Promise<void> {
  const { syncAll, SYNC_CONCURRENCY } = await import('@tandem/functions/core/integrations/sync');
  const day = new Date().toISOString().slice(0, 10);
  for (let a = 0; a < ACCOUNTS; a++) {
    const user = await createUser(env);
    const api = apiClient(url, user.accessToken);
    const auth = (await api.get('/integration/authorize/google/')).body as { url: string };
    const consent = await fetch(`${auth.url}&login_hint=bench-${a}-${Date.now()}@example.com`, {
      redirect: 'manual',
    });
    const back = new URL(consent.headers.get('location')!);
    const made = await api.post('/integration/initialize/google/', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    const integration = made.body as { id: string; calendars: Array<{ id: string; name: string }> };
    const calendar = integration.calendars.find((c) => c.name === 'Work')!.id;
    for (let l = 0; l < LINKS_PER_ACCOUNT; l++) {
      const group = ((await api.post('/user/group', { title: `Bench ${a}.${l}` })).body as { id: string }).id;
      for (let t = 0; t < TASKS_PER_LINK; t++)
        await api.post('/task', {
          title: `Task ${a}.${l}.${t}`,
          group,
          scheduled_task: {
            start_date: new Date(Date.now() + (t + 1) * 86_400_000).toISOString(),
            duration: 30,
            timezone: 'Europe/Berlin',
          },
        });
      const link = await api.post('/integration/connect/google/', {
        integration: integration.id,
        calendar,
        start_date: day,
        group,
        direction: 'export',
      });
      if (link.status !== 201) throw new Error(`link not made: ${link.status} ${JSON.stringify(link.body)}`);
    }
  }
  const links = ACCOUNTS * LINKS_PER_ACCOUNT;

  const run = async (concurrency: number) => {
    const t = performance.now();
    const r = await syncAll(new Date(), concurrency);
    const s = (performance.now() - t) / 1000;
    if (r.failed) throw new Error(`${r.failed} links failed`);
    return r.links / s;
  };
  const steady = async (c: number) => median([await run(c), await run(c), await run(c)]);
  const first = await run(SYNC_CONCURRENCY);
  const one = await steady(1);
  const pool = await steady(SYNC_CONCURRENCY);
  // The provider a network away: every call to the stand-in waits first.
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/_local/google/'))
      await new Promise((r) => setTimeout(r, PROVIDER_WAIT_MS));
    return plainFetch(input, init);
  };
  let oneFar: number;
  let poolFar: number;
  try {
    oneFar = await steady(1);
    poolFar = await steady(SYNC_CONCURRENCY);
  } finally {
    globalThis.fetch = plainFetch;
  }
  console.log(`\nCalendar sync, ${links} links x ${TASKS_PER_LINK} tasks (Google stand-in, local stack)`);
  console.log(`  first run (every task written), ${SYNC_CONCURRENCY} at a time: ${fmt(first)} links/s`);
  console.log(
    `  in step, one at a time / ${SYNC_CONCURRENCY} at a time: ${fmt(one)} / ${fmt(pool)} links/s (medians of 3), ${fmt(pool / one)}x`,
  );
  console.log(
    `  in step, ${PROVIDER_WAIT_MS} ms per provider call: ${fmt(oneFar)} / ${fmt(poolFar)} links/s, ${fmt(poolFar / oneFar)}x`,
  );
  record({
    figure: `calendar sync, ${links} links in step, ${PROVIDER_WAIT_MS} ms per provider call: ${SYNC_CONCURRENCY} at a time vs one`,
    now: `${fmt(poolFar)} links/s (${fmt(poolFar / oneFar)}x)`,
    target: '—',
    baseline: `${fmt(oneFar)} links/s`,
    met: null,
  });
  record({
    figure: `calendar sync, ${links} links in step, stand-in at once: ${SYNC_CONCURRENCY} at a time vs one`,
    now: `${fmt(pool)} links/s (${fmt(pool / one)}x)`,
    target: '—',
    baseline: `${fmt(one)} links/s`,
    met: null,
  });
}
