/**
 * The daily surfaces as a newcomer meets them (issue 11), in a real browser through the local stack:
 * where the calendar opens, a weekly routine's first day, a task without a schedule, toasts beside
 * the + button, Escape on a new task, and times in the person's zone rather than the computer's.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addedElements, countAddedElements } from '../src/testing/added-elements.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { logNetwork, type Seen } from '../src/testing/network-log.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `daily-${randomUUID().slice(0, 8)}@example.com`;
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let group: string;

/** The hour of day at the top of a time grid's scrolled area (0 to 24). */
const topHour = (p: Page) =>
  p
    .locator('.rbc-time-content')
    .first()
    .evaluate((el) => (el.scrollTop / el.scrollHeight) * 24);

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Dana', password });
  api = apiClient(url, user.accessToken);
  group = (await api.get('/group/member')).body.results[0].id;
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

describe('the calendar opens where the day is', () => {
  it('opens another week at 07:00, the start of the work day', async () => {
    const nextWeek = DateTime.now().plus({ weeks: 1 }).toISODate();
    await page.goto(`${url}/calendar?view=week&date=${nextWeek}`);
    await page.locator('.rbc-time-content').waitFor();
    await expect.poll(() => topHour(page)).toBeCloseTo(7, 1);
  });

  it("opens today's day view with the current time in sight", async () => {
    await page.goto(`${url}/calendar?view=day`);
    const content = page.locator('.rbc-time-content').first();
    const line = content.locator('.rbc-current-time-indicator');
    await line.waitFor();
    await expect
      .poll(async () => {
        const box = (await content.boundingBox())!;
        const now = (await line.boundingBox())!;
        return now.y >= box.y && now.y <= box.y + box.height;
      })
      .toBe(true);
    expect(s.errors).toEqual([]);
  });
});

describe('a weekly routine', () => {
  it("repeats on its start date's weekday, not today's", async () => {
    const t = (await api.post('/task', { title: 'Stretch', group })).body.results[0];
    const start = DateTime.now().plus({ days: 2 });
    const day = start.toFormat('cccc');
    const today = DateTime.now().toFormat('cccc');
    await page.goto(`${url}/task/${t.id}`);
    await page.getByRole('button', { name: /^Schedule/ }).click();
    await page.getByLabel('Start date', { exact: true }).fill(start.toISODate()!);
    await page.getByRole('combobox', { name: 'Repeat', exact: true }).click();
    await page.getByRole('option', { name: 'Weekly', exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: day, exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: today, exact: true }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save schedule', exact: true }).click();
    await page.getByText('Schedule saved').first().waitFor();
    const saved = (await api.get(`/task/schedule/${t.id}`)).body;
    expect(JSON.stringify(saved)).toContain(`BYDAY=${start.toFormat('ccc').slice(0, 2).toUpperCase()}`);
  });
});

describe('a task without a schedule', () => {
  it('opens without asking for a schedule; a scheduled one asks once and shows it', async () => {
    const plain = (await api.post('/task', { title: 'Buy stamps', group })).body.results[0];
    const planned = (await api.post('/task', { title: 'Team lunch', group })).body.results[0];
    const r = await api.patch(`/task/schedule/${planned.id}`, {
      timezone: 'UTC',
      duration: 60,
      start_date: DateTime.utc().plus({ days: 3 }).set({ hour: 12, minute: 0 }).toISO(),
      recur_rule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect(r.status).toBe(200);
    // The page of the test before reads its open task again when these writes are heard live: leave it
    // first, so only the requests of the pages below are counted.
    await page.goto('about:blank');
    const schedules = (seen: Seen[]) =>
      seen.filter((r) => r.url.includes('/api/v1/task/schedule/')).map((r) => `${r.status} ${r.url}`);

    let log = await logNetwork(s.context, page);
    await page.goto(`${url}/task/${plain.id}`);
    await page
      .getByRole('button', { name: /^Schedule/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /^Schedule/ }).click();
    await page.getByLabel('Start date', { exact: true }).waitFor();
    expect(schedules(log.seen)).toEqual([]);
    await log.stop();

    await page.goto('about:blank');
    log = await logNetwork(s.context, page);
    await page.goto(`${url}/task/${planned.id}`);
    await page.getByRole('button', { name: /^Schedule.*Weekly/ }).waitFor();
    // Once as the page opens; its live connection may read it once more when it opens (D94).
    await expect
      .poll(() => schedules(log.beforeLive()))
      .toEqual([`200 ${url}/api/v1/task/schedule/${planned.id}`]);
    await log.stop();
  });
});

describe('toasts and the + button', () => {
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const width of [1280, 400]) {
    it(`a toast leaves the + button free at ${width} px`, async () => {
      const w = await openBrowser({ width, height: 800 });
      try {
        const p = w.page;
        await signIn(p, url, email, password);
        const add = p.getByRole('button', { name: 'Add task', exact: true });
        await add.click();
        const dialog = p.getByRole('dialog');
        await dialog.getByLabel('Name', { exact: true }).fill(`Toast check ${width}`);
        await dialog.getByRole('button', { name: 'Save and close', exact: true }).click();
        const toast = p.locator('.mantine-Notification-root').filter({ hasText: 'Task created.' });
        await toast.waitFor();
        const button = (await add.boundingBox())!;
        expect(overlaps((await toast.boundingBox())!, button)).toBe(false);
        // What a click on the middle of the button reaches (once the dialog has gone) is the button.
        const reached = () =>
          p.evaluate(
            ({ x, y }) =>
              document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
            { x: button.x + button.width / 2, y: button.y + button.height / 2 },
          );
        await expect.poll(reached).toBe('Add task');
        expect(await toast.isVisible()).toBe(true);
        expect(w.errors).toEqual([]);
      } finally {
        await w.close();
      }
    });
  }
});

describe('Escape on a new task', () => {
  it('asks before discarding what was typed, and closes at once when nothing was', async () => {
    await page.goto(`${url}/`);
    const dialog = page.getByRole('dialog', { name: 'Create task' });
    await page.getByRole('button', { name: 'Add task', exact: true }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Half a thought');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    // The question stays up: it fades in fully rather than closing on the Escape that opened it.
    const settled = () => ask.evaluate((e) => getComputedStyle(e).opacity).catch(() => 'gone');
    await expect.poll(settled).toBe('1');
    // Cancel goes back to the form with the text kept.
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Half a thought');
    // Escape in the question is Cancel too.
    await page.keyboard.press('Escape');
    await expect.poll(settled).toBe('1');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    // Discard closes the form and creates nothing.
    await page.keyboard.press('Escape');
    await expect.poll(settled).toBe('1');
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const found = await api.get('/task/search?search=Half');
    expect(found.status).toBe(200);
    expect(found.body.results.map((t: { title: string }) => t.title)).not.toContain('Half a thought');

    // Nothing typed: Escape closes without asking.
    await page.getByRole('button', { name: 'Add task', exact: true }).click();
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await ask.count()).toBe(0);
    expect(s.errors).toEqual([]);
  });
});

describe("times in the person's zone, not the computer's", () => {
  it('shows due dates and the calendar in the zone from settings', async () => {
    const tokyo = `tokyo-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createUser(env as StackEnv, { email: tokyo, firstName: 'Kei', password });
    const kei = apiClient(url, user.accessToken);
    expect((await kei.patch('/user/config/', { timezone: 'Asia/Tokyo' })).status).toBe(200);
    const home = (await kei.get('/group/member')).body.results[0].id;
    // Tomorrow in Tokyo: due at 09:30 there, and a meeting at 10:00 there.
    const day = DateTime.now().setZone('Asia/Tokyo').plus({ days: 1 }).startOf('day');
    const due = (
      await kei.post('/task', {
        title: 'Pay rent',
        group: home,
        due_at: day.set({ hour: 9, minute: 30 }).toUTC().toISO(),
      })
    ).body.results[0];
    const meeting = (await kei.post('/task', { title: 'Stand-up', group: home })).body.results[0];
    const r = await kei.patch(`/task/schedule/${meeting.id}`, {
      timezone: 'Asia/Tokyo',
      duration: 30,
      start_date: day.set({ hour: 10 }).toISO(),
    });
    expect(r.status).toBe(200);

    // The computer says New York, where that is the evening before.
    const w = await openBrowser({ width: 1280, height: 900, timezoneId: 'America/New_York' });
    try {
      const p = w.page;
      await signIn(p, url, tokyo, password);
      // A cold start of Today draws its rows once, in the person's zone: not first in the computer's
      // and again once the zone is applied (the shell keys its pages on the zone).
      await countAddedElements(p, '[data-task-row]');
      await p.goto(`${url}/`);
      await p.locator('[data-task-row]').first().waitFor();
      await p.waitForTimeout(1500);
      const rows = await p.locator('[data-task-row]').count();
      expect(rows).toBeGreaterThan(0);
      expect(await addedElements(p)).toBe(rows);
      await p.goto(`${url}/task/${due.id}`);
      await expect
        .poll(() => p.getByLabel('Due date', { exact: true }).inputValue())
        .toBe(`${day.toISODate()}T09:30`);
      await p.goto(`${url}/calendar?view=day&date=${day.toISODate()}`);
      const event = p.locator('.rbc-event').filter({ hasText: 'Stand-up' }).first();
      await event.waitFor();
      await event.click();
      await expect.poll(() => p.getByRole('dialog').innerText()).toContain('10:00');
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
