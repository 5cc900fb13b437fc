/**
 * The sign-in page's files asked for from the HTML (web/vite.config.ts `earlyPagePreloads`, decisions
 * D95): a cold start of /login asks for every file the page needs beyond the entry while the entry
 * downloads, each once, and another page's start does not ask for them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { chunkGraph } from './chunk-graph.ts';

const { url } = inject('stack');
const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
let s: BrowserSession;

/** The early lists the build wrote into index.html, by path. */
function earlyLists(): Record<string, string[]> {
  const html = readFileSync(`${dist}/index.html`, 'utf8');
  const m = /\{const early=(\{.*?\})\[location\.pathname\]/.exec(html);
  if (!m) throw new Error('index.html has no early preload list');
  return JSON.parse(m[1]!) as Record<string, string[]>;
}

beforeAll(async () => {
  if (!existsSync(`${dist}/index.html`)) throw new Error('web/dist is missing: run `npm run build` first');
  s = await openBrowser({ width: 412, height: 823 });
});
afterAll(async () => {
  await s?.close();
});

interface Asked {
  file: string;
  /** Sent before the entry had downloaded, so before it could run: asked for by the HTML. */
  beforeEntry: boolean;
}

/**
 * A cold start of `path` in a new tab, on a slow line (the entry takes a good second to download): the
 * script files asked for, and whether each was asked for before the entry had downloaded.
 */
async function coldStart(path: string, ready: string): Promise<Asked[]> {
  const page = await s.context.newPage();
  const cdp = await s.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: (1_600 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const sent = new Map<string, { file: string; at: number }>();
  let entryId = '';
  let entryDone = Number.POSITIVE_INFINITY;
  cdp.on('Network.requestWillBeSent', (e) => {
    const u = new URL(e.request.url);
    if (!u.pathname.startsWith('/assets/') || !u.pathname.endsWith('.js')) return;
    sent.set(e.requestId, { file: u.pathname, at: e.timestamp });
    if (e.initiator.type === 'parser' && /^\/assets\/index-[\w-]+\.js$/.test(u.pathname))
      entryId = e.requestId;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (e.requestId === entryId) entryDone = e.timestamp;
  });
  await page.goto(`${url}${path}`);
  await page.getByRole('button', { name: ready }).first().waitFor({ timeout: 30_000 });
  await page.close();
  expect(entryDone).toBeLessThan(Number.POSITIVE_INFINITY);
  return [...sent.values()].map(({ file, at }) => ({ file, beforeEntry: at < entryDone }));
}

describe('files asked for from the HTML', () => {
  it("lists for /login exactly the files its page imports beyond the entry's", () => {
    const lists = earlyLists();
    expect(Object.keys(lists)).toEqual(['/login']);
    const graph = chunkGraph(`${dist}/assets`);
    const html = readFileSync(`${dist}/index.html`, 'utf8');
    const entry = /<script type="module" crossorigin src="\/assets\/([\w-]+\.js)"/.exec(html)![1]!;
    const closure = (from: string, into = new Set<string>()) => {
      if (into.has(from)) return into;
      into.add(from);
      for (const t of graph.get(from) ?? []) closure(t, into);
      return into;
    };
    const start = closure(entry);
    const login = lists['/login']!.map((f) => f.replace('/assets/', ''));
    const page = login.find((f) => /^login-page-[\w-]+\.js$/.test(f));
    expect(page).toBeDefined();
    const needed = [...closure(page!)].filter((f) => !start.has(f));
    expect([...login].sort()).toEqual(needed.sort());
    // 18 files a phone waited for in waves after the entry had run, before D95.
    expect(login.length).toBeGreaterThan(5);
  });

  it('a cold start of /login asks for them from its HTML, each once', async () => {
    const asked = await coldStart('/login', 'Sign in');
    const early = earlyLists()['/login']!;
    for (const file of early) {
      const times = asked.filter((a) => a.file === file);
      expect(times, file).toHaveLength(1);
      // Asked for while the entry was still downloading: by the page's HTML, not by the entry.
      expect(times[0]!.beforeEntry, file).toBe(true);
    }
    expect(s.errors).toEqual([]);
  });

  it("another page's start does not ask for them from its HTML", async () => {
    const asked = await coldStart('/signup', 'Create account');
    // Only the entry and what the HTML names for every page, before the entry has downloaded.
    expect(
      asked.filter((a) => a.beforeEntry && !/^\/assets\/(index|rolldown-runtime)-[\w-]+\.js$/.test(a.file)),
    ).toEqual([]);
    expect(asked.some((a) => /\/login-page-[\w-]+\.js$/.test(a.file))).toBe(false);
    expect(s.errors).toEqual([]);
  });
});
