/**
 * Issue 11, items 1 and 5, in a real browser through the local stack: the header's group chips,
 * category selector and the Today level filter narrow Today, /tasks, the calendar and routines and
 * survive a reload; the time-block banner compares against the selection; and a change refreshes
 * every view that shows the changed data without a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn as signInAs } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `filters-${randomUUID().slice(0, 8)}@example.com`;
const tag = randomUUID().slice(0, 4);
const workTitle = `Work ${tag}`;
const officeTitle = `Office ${tag}`;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let home: string;
let homeTitle: string;
let work: string;

const signIn = (p: Page, address: string) => signInAs(p, url, address, password);

const header = () => page.getByRole('group', { name: 'Group filter' });
const chip = (title: string) => header().getByRole('button', { name: title });
const panel = (name: string) => page.getByRole('region', { name, exact: true });
const row = (title: string) => panel('Today').getByRole('listitem').filter({ hasText: title });

/** Opens the category selector and picks one of its items. */
async function pickInSelector(item: string) {
  await page.getByRole('button', { name: /^Group selection/ }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The one that should be there appears, and the other one is gone (or never shows). */
async function shows(present: Locator, absent: Locator) {
  await present.first().waitFor();
  await expect.poll(() => absent.count()).toBe(0);
}

const savedPreferences = async () => (await api.get('/user/config/')).body.preferences;

async function task(title: string, group: string, extra: object = {}) {
  const r = await api.post('/task', { title, group, ...extra });
  expect(r.status).toBe(201);
  return r.body.results[0] as { id: string };
}

/** A daily routine from today (a start cannot be in an earlier day): it shows today and in this week. */
async function dailyRoutine(title: string, group: string) {
  const t = await task(title, group);
  const start = new Date();
  start.setUTCHours(0, 30, 0, 0);
  const r = await api.patch(`/task/schedule/${t.id}`, {
    timezone: 'UTC',
    duration: 30,
    start_date: start.toISOString(),
    recur_rule: 'FREQ=DAILY',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Fran', password });
  api = apiClient(url, user.accessToken);
  const mine = (await api.get('/group/member')).body.results[0];
  home = mine.id;
  homeTitle = mine.title;
  const made = await api.post('/user/group', { title: workTitle });
  expect(made.status).toBe(201);
  work = made.body.id;
  await task('Home errand', home);
  await task('Work report', work);
  await task('Work idea', work, { level: 2 });
  await dailyRoutine('Work standup', work);
  await dailyRoutine('Home walk', home);
  const category = await api.post('/user/group/category', { title: officeTitle, groups: [work] });
  expect(category.status).toBe(201);
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, email);
});
afterAll(async () => {
  await s?.close();
});

describe("the header's selection narrows every surface (item 1)", () => {
  it('a group chip narrows Today, is saved, and is still chosen after a reload', async () => {
    await row('Home errand').waitFor();
    await row('Work report').waitFor();
    await chip(workTitle).click();
    await shows(row('Work report'), row('Home errand'));
    expect(await chip(workTitle).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await savedPreferences()).selected_groups).toEqual([work]);

    await page.reload();
    await shows(row('Work report'), row('Home errand'));
    expect(await chip(workTitle).getAttribute('aria-pressed')).toBe('true');
    expect(await chip(homeTitle).getAttribute('aria-pressed')).toBe('false');
  });

  it('/tasks, the calendar and routines show only the chosen group', async () => {
    await page.goto(`${url}/tasks`);
    await shows(
      page.getByRole('main').getByText('Work report'),
      page.getByRole('main').getByText('Home errand'),
    );

    await page.goto(`${url}/calendar?view=week`);
    await shows(
      page.locator('.rbc-event').filter({ hasText: 'Work standup' }),
      page.locator('.rbc-event').filter({ hasText: 'Home walk' }),
    );

    await page.goto(`${url}/routines/weekly`);
    await shows(
      page.getByRole('main').getByText('Work standup'),
      page.getByRole('main').getByText('Home walk'),
    );

    // Today's own calendar beside the lists follows it too.
    await page.goto(`${url}/`);
    const today = page.getByRole('region', { name: "Today's calendar" });
    await shows(today.getByText('Work standup'), today.getByText('Home walk'));
  });

  it('the level filter narrows with the groups, and is kept after a reload', async () => {
    await page.getByRole('combobox', { name: 'Levels', exact: true }).click();
    await page.getByRole('option', { name: 'Goal', exact: true }).click();
    await page.keyboard.press('Escape');
    await shows(row('Work idea'), row('Work report'));
    await expect.poll(async () => (await savedPreferences()).selected_levels).toEqual([2]);
    await page.reload();
    await shows(row('Work idea'), row('Work report'));
    expect(await row('Home errand').count()).toBe(0);

    const r = await api.patch('/user/config/', { preferences: { selected_levels: [] } });
    expect(r.status).toBe(200);
    await page.reload();
    await shows(row('Work report'), row('Home errand'));
  });

  it('the category selector: unselect all shows every group, a category selects its groups, select all lights every chip', async () => {
    await pickInSelector('Unselect all');
    await row('Home errand').waitFor();
    await row('Work report').waitFor();
    await expect.poll(() => chip(workTitle).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await savedPreferences()).selected_groups).toEqual([]);

    await pickInSelector(officeTitle);
    await shows(row('Work report'), row('Home errand'));
    await expect.poll(() => chip(workTitle).getAttribute('aria-pressed')).toBe('true');
    expect(await chip(homeTitle).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: `Group selection: ${officeTitle}` }).waitFor();

    await pickInSelector('Select all');
    await row('Home errand').waitFor();
    await row('Work report').waitFor();
    await expect.poll(() => chip(homeTitle).getAttribute('aria-pressed')).toBe('true');
    expect(await chip(workTitle).getAttribute('aria-pressed')).toBe('true');
  });

  it('the time-block banner shows while the selection differs from the active block, and switches to it', async () => {
    await pickInSelector('Unselect all');
    await expect.poll(async () => (await savedPreferences()).selected_groups).toEqual([]);
    const block = await api.post('/time-blocking/', {
      start_date: new Date(Date.now() - 3_600_000).toISOString(),
      duration: 240,
      timezone: 'UTC',
      group: work,
    });
    expect(block.status).toBe(201);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: `Time block: ${workTitle} now.` });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Switch to this block' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await shows(row('Work report'), row('Home errand'));
    expect(await chip(workTitle).getAttribute('aria-pressed')).toBe('true');

    // Every group again is not the block's selection: the banner comes back.
    await pickInSelector('Unselect all');
    await banner.waitFor();
    await api.delete(`/time-blocking/${block.body.id}`);
  });
});

describe('a change refreshes every view that shows it, without a reload (item 5)', () => {
  const ownedCount = async () => {
    const text = await page.getByTestId('owned-groups-limit').innerText();
    return Number(/You own (\d+)/.exec(text)?.[1]);
  };

  it('a new group raises the owned-group count and appears in the header', async () => {
    await page.goto(`${url}/settings?activeTab=groups`);
    await page.getByTestId('owned-groups-limit').waitFor();
    const before = await ownedCount();
    const title = `Garden ${tag}`;
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem').filter({ hasText: title }).first().waitFor();
    await expect.poll(ownedCount).toBe(before + 1);
    await chip(title).waitFor();
  });

  it("renaming a task on Today renames it in Today's calendar too", async () => {
    const t = await task('Dentist', home);
    const r = await api.patch(`/task/schedule/${t.id}`, {
      timezone: 'UTC',
      duration: 60,
      start_date: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    expect(r.status).toBe(200);
    await page.goto(`${url}/`);
    const today = page.getByRole('region', { name: "Today's calendar" });
    await today.getByText('Dentist').first().waitFor();
    await panel('Today').getByRole('button', { name: 'Open Dentist' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Dentist moved');
    await dialog.getByRole('button', { name: 'Save and close', exact: true }).click();
    await row('Dentist moved').waitFor();
    await today.getByText('Dentist moved').first().waitFor();
    expect(s.errors).toEqual([]);
  });
});
