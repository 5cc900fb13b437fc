/**
 * The public request page (issue 18; decisions D68): the JavaScript Chromium loads for
 * /requests/{id} (gzip bytes of every script it fetched, median of 3 cold loads) against the 100 KB
 * target, beside the app's Today entry for scale; and the latency of a request's submission
 * (POST /request-links/request: checks, the task, the request record, the mail), median and p95 of
 * 30, each from an address of its own (the per-address limit is 10 a minute).
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { REQUEST_ABUSE, VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import { openBrowser } from '../testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median, percentile } from './stats.ts';

const KB = 1024;

/** Gzip bytes of the scripts one cold load of `url` fetched, and how many there were. */
async function scriptBytes(url: string, ready: string): Promise<{ gzip: number; files: number }> {
  const s = await openBrowser({ width: 900, height: 900 });
  try {
    const bodies: Promise<Buffer>[] = [];
    s.page.on('response', (r) => {
      if ((r.headers()['content-type'] ?? '').includes('javascript')) bodies.push(r.body());
    });
    await s.page.goto(url);
    await s.page.getByText(ready).first().waitFor();
    const all = await Promise.all(bodies);
    return { gzip: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).byteLength, 0), files: all.length };
  } finally {
    await s.close();
  }
}

export async function benchRequestLinks(env: StackEnv, url: string): Promise<void> {
  const owner = await createUser(env);
  const api = apiClient(url, owner.accessToken);
  const link = (await api.post('/request-links/', { company_name: 'Bench Repairs' })).body as { id: string };

  const page: number[] = [];
  let files = 0;
  for (let i = 0; i < 3; i++) {
    const r = await scriptBytes(`${url}/requests/${link.id}`, 'Bench Repairs');
    page.push(r.gzip);
    files = r.files;
  }
  const kb = median(page) / KB;
  console.log(`Public request page: ${files} script(s), ${fmt(kb)} KB gzip (median of 3; target ≤ 100 KB)`);
  record({
    figure: 'Public request page JavaScript (gzip, Chromium)',
    now: `${fmt(kb)} KB`,
    target: '≤ 100 KB',
    baseline: '—',
    met: kb <= 100,
  });

  // Tickets first, then the minimum time, then the submissions one after another.
  const anon = apiClient(url);
  const n = 30;
  const gets: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await anon.get(`/request-links/public/${link.id}`);
    gets.push(performance.now() - t);
    tokens.push(r.body.form_token as string);
  }
  await new Promise((ok) => setTimeout(ok, REQUEST_ABUSE.minSubmitMs));
  const posts: number[] = [];
  for (const [i, token] of tokens.entries()) {
    const body = {
      request_link: link.id,
      requester_name: `Bench ${i}`,
      requester_email: `bench-${randomUUID().slice(0, 8)}@example.com`,
      request_type: 'Website Updates',
      description: 'Please update the opening hours on the contact page.',
      form_token: token,
    };
    const t = performance.now();
    const r = await anon.post('/request-links/request', body, {
      [VIEWER_ADDRESS_HEADER]: `203.0.113.${i + 1}`,
    });
    posts.push(performance.now() - t);
    if (r.status !== 201) throw new Error(`submit answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
  // For scale: the same owner's plain task creation (POST /task), which the submission runs inside.
  const group = (await api.get('/user/config/')).body.group as string;
  const creates: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await api.post('/task', { title: `Bench task ${i}`, group });
    creates.push(performance.now() - t);
    if (r.status !== 201) throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
  console.log(
    `POST /task (the same owner): median ${fmt(median(creates))} ms, p95 ${fmt(percentile(creates, 95))} ms (${n})`,
  );
  console.log(
    `GET /request-links/public/{id}: median ${fmt(median(gets))} ms, p95 ${fmt(percentile(gets, 95))} ms (${n})`,
  );
  console.log(
    `POST /request-links/request: median ${fmt(median(posts))} ms, p95 ${fmt(percentile(posts, 95))} ms (${n})`,
  );
  record({
    figure: 'Submit a request (POST /request-links/request), median',
    now: `${fmt(median(posts))} ms`,
    target: '—',
    baseline: '—',
    met: null,
  });
}
