/**
 * A signed-in start of Today (D86): the first reads (app/preload.ts) are asked for once each, the hooks
 * taking the answers handed to them; the day's normalisation (and its code) runs on the day's first
 * start only.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedToday } from '../src/bench/web-today.ts';
import { addedElements, countAddedElements } from '../src/testing/added-elements.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { logNetwork, type NetworkLog, type Seen } from '../src/testing/network-log.ts';
import type { StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
let s: BrowserSession;
let userId = '';

beforeAll(async () => {
  const user = await seedToday(env as StackEnv, url);
  userId = user.userId;
  s = await openBrowser({ width: 412, height: 823 });
  await signIn(s.page, url, user.email, user.password);
  await s.page.locator('[data-task-row]').first().waitFor();
});
afterAll(async () => {
  await s?.close();
});

/**
 * A cold load of Today in a new tab: every request and who asked for it, and when the live connection
 * opened (undefined when it did not open within the wait).
 */
async function coldLoad(
  before?: (page: Page) => Promise<unknown>,
): Promise<{ seen: Seen[]; page: Page; log: NetworkLog }> {
  const page = await s.context.newPage();
  await before?.(page);
  const log = await logNetwork(s.context, page, { cacheDisabled: true });
  await page.goto(`${url}/`);
  await page.locator('[data-task-row]').first().waitFor();
  // What follows the first screen (later code, the socket, the notifications) has time to ask too.
  await page.waitForTimeout(1500);
  return { seen: log.seen, page, log };
}

const api = (seen: Seen[], path: string) => seen.filter((r) => new URL(r.url).pathname === `/api/v1${path}`);
/** Today's list reads (one a priority group). */
const listReads = (seen: Seen[]) =>
  api(seen, '/task').filter((r) => new URL(r.url).searchParams.has('priority_group'));

describe('a signed-in start of Today', () => {
  it('asks for its first reads once each, and the live ones once more when its live connection opens', async () => {
    const { page, log } = await coldLoad();
    // The connection opens after the first content; what changed between the first reads and then was
    // told to no socket of the page's, so the loaded lists, groups and settings are read once more then.
    expect(log.socketOpenedAt()).toBeDefined();
    const seen = log.beforeLive();
    const after = log.afterLive();
    for (const path of ['/user/config/', '/group/member', '/user/subscription/limit', '/task/pending'])
      expect(api(after, path), path).toHaveLength(1);
    expect(listReads(after)).toHaveLength(4);
    // Not what no one else changes: the person's own account.
    expect(api(after, '/auth/user/')).toHaveLength(0);
    for (const path of [
      '/user/config/',
      '/group/member',
      '/auth/user/',
      '/user/subscription',
      '/user/subscription/limit',
      '/task/pending',
    ]) {
      const reads = api(seen, path);
      expect(reads, path).toHaveLength(1);
    }
    // Today's four lists: one read each (the panels' hooks took the preloaded requests).
    const lists = listReads(seen);
    expect(lists.map((r) => new URL(r.url).searchParams.get('priority_group')).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    expect(await page.locator('[data-task-row]').count()).toBe(12);
    await page.close();
    expect(s.errors).toEqual([]);
  });

  it('asks for the lists beside the first reads, with the selection it last asked with', async () => {
    // The start before (the sign-in's) kept the selection: this one asks for the lists at once. The
    // settings answer a second late, so a list asked for after them could not be sent before it.
    const { page, log } = await coldLoad((p) =>
      p.route('**/api/v1/user/config/', async (route) => {
        await new Promise((done) => setTimeout(done, 1000));
        await route.continue();
      }),
    );
    const seen = log.beforeLive();
    const [config] = api(seen, '/user/config/');
    expect(config?.answeredAt).toBeDefined();
    const lists = listReads(seen);
    expect(lists).toHaveLength(4);
    for (const list of lists) expect(list.sentAt).toBeLessThan(config!.answeredAt!);
    await page.close();
    expect(s.errors).toEqual([]);
  });

  it('draws the rows with the panels, not skeletons first (D92)', async () => {
    // The lists asked for with the remembered selection are in the first render: a panel's loading
    // skeleton never reaches the page. Watched from before the page's own script runs.
    const { page } = await coldLoad((p) =>
      countAddedElements(p, 'section[aria-label] .mantine-Skeleton-root'),
    );
    expect(await page.locator('[data-task-row]').count()).toBe(12);
    expect(await addedElements(page)).toBe(0);
    await page.close();
    expect(s.errors).toEqual([]);
  });

  it('styles the page once, and makes its formatters ready in a worker (D93)', async () => {
    // The shell never marks itself "resizing" when it mounts: taking that mark off a moment after the
    // first screen restyled every element of the page again. Watched from before the page's own script.
    const workers: string[] = [];
    const closed: string[] = [];
    const { page } = await coldLoad(async (p) => {
      p.on('worker', (w) => {
        workers.push(w.url());
        w.on('close', () => closed.push(w.url()));
      });
      await p.addInitScript(() => {
        const w = window as unknown as { resizingMarks: number };
        w.resizingMarks = 0;
        new MutationObserver((changes) => {
          for (const change of changes) {
            if (change.type === 'attributes' && (change.target as Element).hasAttribute('data-resizing'))
              w.resizingMarks++;
            for (const node of change.addedNodes)
              if (node instanceof Element)
                w.resizingMarks += [node, ...node.querySelectorAll('*')].filter((e) =>
                  e.hasAttribute('data-resizing'),
                ).length;
          }
        }).observe(document, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['data-resizing'],
        });
      });
    });
    expect(await page.locator('[data-task-row]').count()).toBe(12);
    const marks = () => page.evaluate(() => (window as unknown as { resizingMarks: number }).resizingMarks);
    expect(await marks()).toBe(0);
    // The shell still marks itself while the window is resized, so its sections do not animate then.
    await page.setViewportSize({ width: 1280, height: 823 });
    await expect.poll(marks).toBeGreaterThan(0);
    await page.locator('[data-resizing]').first().waitFor({ state: 'detached' });
    // One worker made the formatters, answered and was let go.
    const warm = workers.filter((w) => /\/assets\/warm-intl\.worker-[\w-]+\.js$/.test(w));
    expect(warm).toHaveLength(1);
    await expect.poll(() => closed, { timeout: 10_000 }).toEqual(warm);
    await page.close();
    expect(s.errors).toEqual([]);
  });

  it("normalises on the day's first start only, and loads its code only then", async () => {
    // The sign-in's start normalised already: this start of the same day neither asks nor loads it.
    const second = await coldLoad();
    expect(api(second.seen, '/task/normalization')).toEqual([]);
    expect(second.seen.filter((r) => /\/assets\/sync-message-/.test(r.url))).toEqual([]);
    // Another day (the mark says yesterday): it runs again, with its code.
    await second.page.evaluate((id) => {
      const key = `tandem.normalisation.${id}`;
      const mark = JSON.parse(localStorage.getItem(key) ?? '{}') as { day: string; zone: string };
      localStorage.setItem(key, JSON.stringify({ ...mark, day: '2000-01-01' }));
    }, userId);
    await second.page.close();
    const third = await coldLoad();
    expect(api(third.seen, '/task/normalization')).toHaveLength(1);
    expect(third.seen.some((r) => /\/assets\/sync-message-/.test(r.url))).toBe(true);
    await third.page.close();
    expect(s.errors).toEqual([]);
  });
});
