/**
 * Lighthouse accessibility 100 (issue 11 item 20) on sign-in, Today with tasks, a task opened from
 * Today, the calendar week with events, and settings, in the light and the dark theme; and on sign-up,
 * the task list and the routines, where Lighthouse found faults axe's serious/critical gate let by. One browser for
 * the whole file: each state is reached with Playwright and audited where it is (snapshot mode).
 * Lighthouse runs axe-core too, but weighs its own selection of rules and counts every finding, not
 * only serious and critical ones (scripts/e2e/accessibility.test.ts is the wider axe gate).
 */

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { describeFailures, lighthouseSnapshot } from '../src/testing/lighthouse.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';
import { seedWorkday } from '../src/testing/workday.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `lh-${randomUUID().slice(0, 8)}@example.com`;
const today = DateTime.utc().startOf('day');
const schemes = ['light', 'dark'] as const;
/** TANDEM_LIGHTHOUSE_REPORTS=<folder> keeps each run's full result (JSON) and a PNG of the state. */
const keep = process.env.TANDEM_LIGHTHOUSE_REPORTS;
let runNumber = 0;

let s: BrowserSession;
let page: Page;
let openTask: { id: string; title: string };

/** Dialogs faded in and nothing still loading, so colours are measured as the person sees them. */
async function settle() {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  await expect
    .poll(() =>
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
      }),
    )
    .toBe(false);
}

async function useScheme(scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
}

/** Lighthouse's accessibility score of the page as it is now must be 100; prints what fails if not. */
async function expectScore100(scheme: 'light' | 'dark') {
  await settle();
  const report = await lighthouseSnapshot(s.devtoolsUrl as string, {
    pageUrl: page.url(),
    categories: ['accessibility'],
  });
  if (keep) {
    const name = `${String(++runNumber).padStart(2, '0')}${new URL(page.url()).pathname.replace(/\W+/g, '-')}${scheme}`;
    writeFileSync(join(keep, `${name}.json`), JSON.stringify(report.lhr, null, 1));
    await page.screenshot({ path: join(keep, `${name}.png`) });
  }
  // The audited state is still the one under test (the theme did not change under Lighthouse).
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
  if (report.scores.accessibility !== 1)
    expect.fail(
      `Lighthouse accessibility ${Math.round((report.scores.accessibility ?? 0) * 100)} on ${report.url} (${scheme}):\n${describeFailures(report)}`,
    );
  expect(report.warnings).toEqual([]);
}

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Ada', password });
  const api = apiClient(url, user.accessToken);
  openTask = await seedWorkday(api);

  s = await openBrowser({ width: 1280, height: 900, devtools: true });
  page = s.page;
});

afterAll(async () => {
  await s?.close();
});

describe('Lighthouse accessibility is 100', () => {
  for (const scheme of schemes)
    it(`on sign-in (${scheme})`, async () => {
      await page.goto(`${url}/login`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });

  for (const scheme of schemes)
    it(`on sign-up (${scheme})`, async () => {
      await page.goto(`${url}/signup`);
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });

  it('signs in', async () => {
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  for (const scheme of schemes) {
    it(`on Today with tasks (${scheme})`, async () => {
      await page.goto(`${url}/`);
      for (const title of ['Send the invoice', 'Call the bank', 'Plan the offsite', 'Renew the passport'])
        await page.getByRole('button', { name: `Open ${title}`, exact: true }).waitFor();
      await page.locator('[data-tone="overdue"]').first().waitFor();
      await page
        .getByRole('button', { name: 'Show the sub-tasks of Plan the offsite: 2', exact: true })
        .click();
      await page.getByRole('button', { name: 'Open Book the venue', exact: true }).waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });

    it(`on a task opened from Today (${scheme})`, async () => {
      await page.goto(`${url}/`);
      await page.getByRole('button', { name: `Open ${openTask.title}`, exact: true }).click();
      const name = page.getByRole('dialog').getByLabel('Name', { exact: true });
      await expect.poll(() => name.inputValue()).toBe(openTask.title);
      await useScheme(scheme);
      await expectScore100(scheme);
    });

    it(`on the calendar week with events (${scheme})`, async () => {
      await page.goto(`${url}/calendar?view=week&date=${today.toISODate()}`);
      await page.locator('.rbc-event').filter({ hasText: 'Weekly review' }).first().waitFor();
      await page.locator('.rbc-event').filter({ hasText: 'Design review' }).first().waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });

    it(`on the task list with a parent task (${scheme})`, async () => {
      await page.goto(`${url}/tasks`);
      await page.getByText('Plan the offsite', { exact: true }).first().waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });

    it(`on today's routines and all routines (${scheme})`, async () => {
      await page.goto(`${url}/routines`);
      await page.getByRole('checkbox', { name: /Weekly review/ }).waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
      await page.goto(`${url}/routines/all`);
      await page.getByRole('button', { name: /Weekly review/ }).waitFor();
      await expectScore100(scheme);
    });

    it(`on settings (${scheme})`, async () => {
      await page.goto(`${url}/settings`);
      await page.getByRole('tab').first().waitFor();
      await page.getByRole('textbox').first().waitFor();
      await useScheme(scheme);
      await expectScore100(scheme);
    });
  }

  it('and the check sees a fault: grey text too faint and an unnamed button lower the score', async () => {
    // So the gate cannot pass by auditing nothing: the same run on a page given two known faults.
    await page.goto(`${url}/settings`);
    await page.getByRole('tab').first().waitFor();
    await useScheme('light');
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.id = 'lh-faint';
      faint.textContent = 'Faint grey words';
      faint.style.cssText = 'color:#aaaaaa;background:#ffffff';
      const unnamed = document.createElement('button');
      unnamed.id = 'lh-unnamed';
      document.querySelector('main, body')?.append(faint, unnamed);
    });
    const report = await lighthouseSnapshot(s.devtoolsUrl as string, {
      pageUrl: page.url(),
      categories: ['accessibility'],
    });
    expect(report.scores.accessibility).toBeLessThan(1);
    const failing = Object.fromEntries(report.failing.map((f) => [f.id, f.items.join('\n')]));
    expect(failing['color-contrast']).toContain('lh-faint');
    expect(failing['button-name']).toContain('lh-unnamed');
  });

  it('left no uncaught page error', () => {
    expect(s.errors).toEqual([]);
  });
});
