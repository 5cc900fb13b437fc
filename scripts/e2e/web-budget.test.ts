/**
 * The Today route's JavaScript budget (issue 10, target 7), counted in Chromium: every script the
 * page fetched before the first task row showed, gzip-compressed, for a signed-in person opening `/`
 * with a cold cache. A budget of bytes, not a timing (speed is measured by `npm run bench web-today`).
 * Also: the libraries the first screen does without are not among those scripts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { librariesIn, loadToday, seedToday } from '../src/bench/web-today.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import type { StackEnv } from '../src/testing/users.ts';

/**
 * The ceiling in KB of gzip. Issue 10's target is 200 KB; the route is at 218.7 KB (D43, D45 and D61
 * say what is left: React, React Router, i18next and the entry's Mantine are 150 KB of it), so the
 * guard holds what was won and is lowered as more is cut. It was 217 KB until six screens arrived at
 * once (D62): each lazily loaded route and text file adds its hashed chunk names and preload lists to
 * the entry, which gzip cannot shrink (+2.1 KB), and their route definitions moved out of the entry.
 */
const TODAY_JS_BUDGET_KB = 219;

const { url, env } = inject('stack');
let s: BrowserSession;

beforeAll(async () => {
  const user = await seedToday(env as StackEnv, url);
  s = await openBrowser({ width: 1280, height: 900 });
  await signIn(s.page, url, user.email, user.password);
  await s.page.locator('[data-task-row]').first().waitFor();
});
afterAll(async () => {
  await s?.close();
});

describe('the Today route', () => {
  it(`fetches at most ${TODAY_JS_BUDGET_KB} KB gzip of JavaScript before the first task shows`, async () => {
    const load = await loadToday(s.context, url, 1);
    expect(load.jsFiles.length).toBeGreaterThan(0);
    expect(load.jsGzip / 1024).toBeLessThanOrEqual(TODAY_JS_BUDGET_KB);
    // Sign-in code, schemas, dates, the calendar, drag and drop, the overlays, the editor, the grid and
    // the planning flow come later or not at all.
    expect(librariesIn(load.jsFiles)).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});
