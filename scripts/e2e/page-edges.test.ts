/**
 * Every page of the app starts where Today starts: its title on the same left edge and at the same
 * height, wide and narrow, so moving between pages does not shift the page under the person's eyes.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `edges-${randomUUID().slice(0, 8)}@example.com`;
const PAGES = [
  ['/', 'Today'],
  ['/calendar', 'Calendar'],
  ['/calendar/time-blocks', 'Time blocks'],
  ['/tasks', 'Tasks'],
  ['/contacts', 'Contacts'],
  ['/routines', 'Routines'],
  ['/planning', 'Planning'],
  ['/templates', 'Templates'],
  ['/reports', 'Reports'],
  ['/integrations', 'Integrations'],
  ['/request-links', 'Service requests'],
  ['/settings', 'Settings'],
  ['/curriculum', 'Curriculum'],
  ['/chat', 'Chat'],
  ['/agendas', 'Agendas'],
] as const;
let s: BrowserSession;
let page: Page;

beforeAll(async () => {
  await createUser(env as StackEnv, { email, firstName: 'Edie', password });
  s = await openBrowser({ width: 1280, height: 860 });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

/** Where each page's title starts. */
async function titleCorners(): Promise<Record<string, { x: number; y: number }>> {
  const out: Record<string, { x: number; y: number }> = {};
  for (const [path, title] of PAGES) {
    await page.goto(`${url}${path}`);
    const heading = page.getByRole('main').getByRole('heading', { name: title, exact: true }).first();
    await heading.waitFor();
    const { x, y } = (await heading.boundingBox())!;
    out[title] = { x, y };
  }
  return out;
}

describe('page edges', () => {
  for (const width of [1280, 390]) {
    it(`every page's title starts where Today's does at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 860 });
      const corners = await titleCorners();
      const today = corners.Today!;
      // Within a pixel and a half: a title beside taller buttons is centred on them.
      const off = Object.entries(corners).filter(
        ([, c]) => Math.abs(c.x - today.x) > 1.5 || Math.abs(c.y - today.y) > 1.5,
      );
      expect(off, `Today's title is at ${today.x}, ${today.y}`).toEqual([]);
      expect(s.errors).toEqual([]);
    }, 120_000);
  }
});
