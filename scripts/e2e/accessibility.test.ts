/**
 * Accessibility (issue 11 item 20), in a real browser through the local stack: axe-core finds no
 * serious or critical violation on sign-in, Today with tasks, the task modal (new and existing), the
 * calendar week with events, and settings, in the light and the dark theme.
 */

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Result } from 'axe-core';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';
import { seedWorkday } from '../src/testing/workday.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `a11y-${randomUUID().slice(0, 8)}@example.com`;
const today = DateTime.utc().startOf('day');

const audit = (page: Page) => axeFindings(page);

/** One line per rule, then each offending element with axe's reason: readable in a test failure. */
function describeViolations(found: Result[]): string {
  return found
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})`,
        ...v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `    ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
          ),
      ].join('\n'),
    )
    .join('\n');
}

/** TANDEM_A11Y_SHOTS=<folder> keeps a PNG of every audited state, to look at the colours by eye. */
const shots = process.env.TANDEM_A11Y_SHOTS;
let shotNumber = 0;

/**
 * Waits until what is measured is what the person sees: dialogs fully faded in (axe would measure
 * the colours of a half-transparent dialog) and nothing on the page still loading (skeletons, spinners).
 */
async function settle(page: Page) {
  const unsettled = () =>
    page.evaluate(() => {
      const fading = [...document.querySelectorAll('[role="dialog"]')].some((dialog) => {
        for (let el: Element | null = dialog; el; el = el.parentElement)
          if (Number(getComputedStyle(el).opacity) < 1) return true;
        return false;
      });
      const loading = [
        ...document.querySelectorAll('.mantine-Skeleton-root[data-visible], .mantine-Loader-root'),
      ].some((el) => (el as HTMLElement).offsetParent !== null);
      return fading || loading;
    });
  await expect.poll(unsettled).toBe(false);
}

async function expectAccessible(page: Page) {
  await settle(page);
  if (shots) {
    const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
    const where = new URL(page.url()).pathname.replace(/\W+/g, '-');
    await page.screenshot({
      path: join(shots, `${String(++shotNumber).padStart(2, '0')}${where}${scheme}.png`),
    });
  }
  const found = await audit(page);
  if (found.length > 0)
    expect.fail(`axe found ${found.length} serious or critical rule(s):\n${describeViolations(found)}`);
}

/** Opens `path`, signing in first when the session is not there (so each test can run alone). */
async function openSignedIn(page: Page, path: string) {
  await page.goto(`${url}${path}`);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn
    .or(page.getByRole('navigation', { name: 'Main' }))
    .first()
    .waitFor();
  if (await signIn.isVisible()) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${url}${path}`);
  }
}

let api: ReturnType<typeof apiClient>;
let openTask: { id: string; title: string };

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Ada', password });
  api = apiClient(url, user.accessToken);
  openTask = await seedWorkday(api);
});

for (const scheme of ['light', 'dark'] as const) {
  describe(`in the ${scheme} theme`, () => {
    let s: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      s = await openBrowser({ width: 1280, height: 900, colorScheme: scheme });
      page = s.page;
    });
    afterAll(async () => {
      await s?.close();
    });

    it('sign-in has no serious or critical violation', async () => {
      await page.goto(`${url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      // The theme really is the one under test (Mantine follows the system setting by default).
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await expectAccessible(page);
    });

    it('Today with tasks has no serious or critical violation', async () => {
      await openSignedIn(page, '/');
      for (const title of ['Send the invoice', 'Call the bank', 'Plan the offsite', 'Renew the passport'])
        await page.getByRole('button', { name: `Open ${title}`, exact: true }).waitFor();
      await page.locator('[data-tone="overdue"]').first().waitFor();
      // The sub-task list under its parent is part of the page too.
      await page
        .getByRole('button', { name: 'Show the sub-tasks of Plan the offsite: 2', exact: true })
        .click();
      await page.getByRole('button', { name: 'Open Book the venue', exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await expectAccessible(page);
    });

    it('the task modal, new and existing, has no serious or critical violation', async () => {
      await openSignedIn(page, '/');
      await page.getByRole('button', { name: 'Add task', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create task' });
      await create.getByLabel('Name', { exact: true }).waitFor();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: `Open ${openTask.title}`, exact: true }).click();
      const name = page.getByRole('dialog').getByLabel('Name', { exact: true });
      await expect.poll(() => name.inputValue()).toBe('Plan the offsite');
      await expectAccessible(page);
    });

    it('the calendar week with events has no serious or critical violation', async () => {
      await openSignedIn(page, `/calendar?view=week&date=${today.toISODate()}`);
      await page.locator('.rbc-event').filter({ hasText: 'Weekly review' }).first().waitFor();
      await page.locator('.rbc-event').filter({ hasText: 'Design review' }).first().waitFor();
      await expectAccessible(page);
    });

    it('settings have no serious or critical violation', async () => {
      await openSignedIn(page, '/settings');
      await page.getByRole('tab').first().waitFor();
      await page.getByRole('textbox').first().waitFor();
      await expectAccessible(page);
      // Every tab's panel, not only the first.
      const tabs = page.getByRole('tab');
      for (let i = 1; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
        await expectAccessible(page);
      }
      expect(s.errors).toEqual([]);
    });
  });
}

describe('on a narrow screen (400 px)', () => {
  it('Today has no serious or critical violation, and the settings link keeps its name', async () => {
    const w = await openBrowser({ width: 400, height: 800 });
    try {
      await openSignedIn(w.page, '/');
      await w.page.getByRole('button', { name: 'Open Plan the offsite', exact: true }).waitFor();
      // The name beside the avatar is hidden from view here, not from screen readers.
      await w.page.getByRole('link', { name: 'Ada User – settings', exact: true }).waitFor();
      await expectAccessible(w.page);
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
