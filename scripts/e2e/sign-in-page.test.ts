/**
 * The sign-in page drawn when the site is built (web/vite.config.ts `signInPageBuild`, decisions D97):
 * /login answers login.html, the page's form in the HTML; the code is asked for once the form has
 * painted, with every file the page needs beyond the entry at once (D95), each once; what is typed
 * before the app has drawn is kept, and a sign-in asked for then goes ahead.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';
import { chunkGraph } from './chunk-graph.ts';

const { url, env } = inject('stack');
const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const password = 'Correct-Horse-9';
let s: BrowserSession;

const html = (file: string) => readFileSync(`${dist}/${file}`, 'utf8');
/** The entry and the files login.html asks for once its form has painted. */
function loaderLists(): { entry: string; preloads: string[] } {
  const page = html('login.html');
  const preloads = /for\(const href of (\[.*?\])\)/.exec(page);
  const entry = /s\.src="(\/assets\/index-[\w-]+\.js)"/.exec(page);
  if (!preloads || !entry) throw new Error('login.html has no loader');
  return { entry: entry[1]!, preloads: JSON.parse(preloads[1]!) as string[] };
}

beforeAll(async () => {
  if (!existsSync(`${dist}/login.html`)) throw new Error('web/dist is missing: run `npm run build` first');
  s = await openBrowser({ width: 412, height: 823 });
});
afterAll(async () => {
  await s?.close();
});

describe('the sign-in page in the HTML', () => {
  it('is login.html: the form in its root, no script tag of the code', () => {
    const page = html('login.html');
    expect(page).toContain('Sign in to Tandem');
    expect(page).toMatch(/<input[^>]*name="email"/);
    expect(page).toMatch(/<input[^>]*name="password"/);
    expect(page).not.toMatch(/<script type="module"/);
    expect(page).not.toMatch(/<link rel="modulepreload"/);
    // The app's page keeps its empty root and its module script.
    const app = html('index.html');
    expect(app).toContain('<div id="root"></div>');
    expect(app).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('is what /login answers, with or without the slash; the other pages get the app', async () => {
    const get = async (path: string) =>
      (await fetch(`${url}${path}`, { headers: { accept: 'text/html' } })).text();
    expect(await get('/login')).toContain('Sign in to Tandem');
    expect(await get('/login/')).toContain('Sign in to Tandem');
    expect(await get('/login?next=%2Ftasks')).toContain('Sign in to Tandem');
    for (const path of ['/signup', '/login/code', '/'])
      expect(await get(path), path).toContain('<div id="root"></div>');
  });

  it("asks for exactly the files its page imports beyond the entry's", () => {
    const { entry, preloads } = loaderLists();
    const graph = chunkGraph(`${dist}/assets`);
    const closure = (from: string, into = new Set<string>()) => {
      if (into.has(from)) return into;
      into.add(from);
      for (const t of graph.get(from) ?? []) closure(t, into);
      return into;
    };
    const file = (f: string) => f.replace('/assets/', '');
    const start = closure(file(entry));
    const listed = preloads.map(file);
    const page = listed.find((f) => /^login-page-[\w-]+\.js$/.test(f));
    expect(page).toBeDefined();
    const needed = [...closure(page!)].filter((f) => !start.has(f));
    // The page's files, and what the app's HTML preloads for every page (the bundler's runtime).
    const preloadedByApp = [
      ...html('index.html').matchAll(/rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g),
    ].map((m) => m[1]!);
    expect([...listed].sort()).toEqual([...needed, ...preloadedByApp].sort());
    expect(listed.length).toBeGreaterThan(5);
  });
});

interface Asked {
  file: string;
  at: number;
}

/**
 * A cold start of `path` in `page` on a slow line (the entry takes a good second to download): the
 * script files asked for and when (CDP's monotonic seconds).
 */
async function coldStart(page: Page, path: string): Promise<Asked[]> {
  const cdp = await s.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: (1_600 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const asked: Asked[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const u = new URL(e.request.url);
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js'))
      asked.push({ file: u.pathname, at: e.timestamp });
  });
  await page.goto(`${url}${path}`);
  return asked;
}

/** /login opened in a new tab with the code held back until `release`: the person meets the HTML's form. */
async function loginWithCodeHeld(): Promise<{ page: Page; release: () => void }> {
  const page = await s.context.newPage();
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${url}/login`);
  return { page, release };
}

describe('a cold start of /login', () => {
  it('paints the form before it asks for any code, then asks for the page files at once, each once', async () => {
    const page = await s.context.newPage();
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { scriptsAskedAt: Record<string, number> };
        w.scriptsAskedAt = {};
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.name.includes('/assets/') && e.name.endsWith('.js'))
              w.scriptsAskedAt[new URL(e.name).pathname] ??= e.startTime;
        }).observe({ type: 'resource', buffered: true });
      });
      const asked = await coldStart(page, '/login');
      await page.getByRole('heading', { name: 'Sign in to Tandem' }).waitFor();
      // The app has drawn over the HTML once the root is its own.
      await page.locator('#root:not([data-page-html])').waitFor({ state: 'attached', timeout: 30_000 });
      const seen = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        asked: (window as unknown as { scriptsAskedAt: Record<string, number> }).scriptsAskedAt,
      }));
      const { entry, preloads } = loaderLists();
      expect(Number.isFinite(seen.fcp)).toBe(true);
      for (const file of [entry, ...preloads]) {
        expect(
          asked.filter((a) => a.file === file),
          file,
        ).toHaveLength(1);
        // Asked for after the form had painted: the code did not hold the first paint back.
        expect(seen.asked[file], file).toBeGreaterThanOrEqual(seen.fcp);
      }
      // All of them together (by the HTML), not in waves after the entry had downloaded and run.
      const times = [entry, ...preloads].map((f) => asked.find((a) => a.file === f)!.at);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(0.25);
    } finally {
      await page.close();
    }
    expect(s.errors).toEqual([]);
  });

  it('keeps the field the person was in, with its text', async () => {
    const { page, release } = await loginWithCodeHeld();
    try {
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByLabel('Password', { exact: true }).fill('half-typ');
      release();
      await page.locator('#root:not([data-page-html])').waitFor({ state: 'attached', timeout: 30_000 });
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('someone@example.com');
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('half-typ');
      expect(
        await page.getByLabel('Password', { exact: true }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
    } finally {
      release();
      await page.close();
    }
    expect(s.errors).toEqual([]);
  });

  it("another page's start asks for none of the sign-in page's files from its HTML", async () => {
    const page = await s.context.newPage();
    try {
      const asked = await coldStart(page, '/signup');
      await page.getByRole('button', { name: 'Create account' }).first().waitFor({ timeout: 30_000 });
      expect(asked.some((a) => /\/login-page-[\w-]+\.js$/.test(a.file))).toBe(false);
    } finally {
      await page.close();
    }
    expect(s.errors).toEqual([]);
  });
  // Last: it leaves the tab's session signed in, and a signed-in start of /login goes to Today.
  it('keeps what was typed before the app drew, and signs in when asked to then', async () => {
    const email = `early-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(env as StackEnv, { email, firstName: 'Early', password });
    const { page, release } = await loginWithCodeHeld();
    try {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // Held, not sent by the browser: no reload, nothing typed in the address.
      expect(new URL(page.url()).search).toBe('');
      expect(await page.locator('#root[data-page-html]').count()).toBe(1);
      release();
      // The app takes the values and the request to sign in, and signs in.
      await page.waitForURL(`${url}/`, { timeout: 30_000 });
    } finally {
      release();
      await page.close();
    }
    expect(s.errors).toEqual([]);
  });
});
