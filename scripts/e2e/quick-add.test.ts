/**
 * Quick add and the command palette (issue 11 §17, §18), in a real browser through the local stack:
 * "q" opens quick add, the recognised parts of the line are shown before saving, and the task is made
 * with its due date, flag and group; Ctrl+K finds a task by its title and goes to a page; "?" lists
 * the shortcuts.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `quick-${randomUUID().slice(0, 8)}@example.com`;
const zone = 'America/New_York';
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let work: string;

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Quinn', password });
  api = apiClient(url, user.accessToken);
  await api.patch('/user/config/', { timezone: zone });
  work = (await api.post('/user/group', { title: 'Work' })).body.id;
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

async function tasksTitled(title: string) {
  const found = (await api.get(`/task/search?search=${encodeURIComponent(title)}`)).body.results as Array<{
    id: string;
    title: string;
    due_at: string | null;
    task_details: { flag: number };
    status: { id: number };
    group: { id: string } | string;
  }>;
  return found.filter((t) => t.title === title);
}

describe('quick add', () => {
  it('"q" opens it; the date, flag and group are picked out and saved with the task', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    await dialog.getByLabel('Task').fill('Call Anna tomorrow 3pm !urgent #Work');
    await expect
      .poll(() => dialog.locator('mark').allTextContents(), { timeout: 30_000 })
      .toEqual(['tomorrow 3pm', '!urgent', '#Work']);
    await dialog.getByText('Urgent', { exact: true }).waitFor();
    await dialog.getByTestId('quick-add-group').getByText('In Work').waitFor();
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await page.getByText('“Call Anna” is added to Work.').waitFor();

    const [task] = await tasksTitled('Call Anna');
    expect(task).toBeDefined();
    const expected = DateTime.now()
      .setZone(zone)
      .plus({ days: 1 })
      .set({ hour: 15, minute: 0, second: 0, millisecond: 0 });
    expect(DateTime.fromISO(task!.due_at!).toMillis()).toBe(expected.toMillis());
    expect(task!.task_details.flag).toBe(1);
    expect(typeof task!.group === 'string' ? task!.group : task!.group.id).toBe(work);
  });

  it('refuses a line that is only a date, and says why', async () => {
    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    await dialog.getByLabel('Task').fill('tomorrow');
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog.getByText('Write what the task is', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('command palette', () => {
  it('Ctrl+K finds a task by its title and opens it', async () => {
    await page.keyboard.press('Control+k');
    const search = page.getByPlaceholder('Search pages and tasks, or run a command…');
    await search.fill('Call Ann');
    // The found title is split by the highlight of the query; the action is told by its description.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Open task/ })
      .first()
      .click({ timeout: 30_000 });
    await page.waitForURL(/\/task\//);
  });

  it('goes to a page, also from inside a text field', async () => {
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Search pages and tasks, or run a command…').fill('Routines');

    await page
      .getByRole('button', { name: /Routines/ })
      .first()
      .click();
    await page.waitForURL(`${url}/routines`);
  });

  it('"?" lists the keyboard shortcuts', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Quick add a task').waitFor();
    expect(s.errors).toEqual([]);
  });
});

describe('keyboard on Today', () => {
  it('j and k move between rows, x ticks Done, e opens the task', async () => {
    for (const title of ['Keys first', 'Keys second'])
      await api.post('/task', { title, group: work, priority_group: 0, task_position: 'bottom' });
    await page.goto(`${url}/`);
    const row = (title: string) => page.locator('[data-task-row]', { hasText: title });
    await row('Keys second').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 850 } });
    const focusedTitle = () =>
      page.evaluate(() => document.activeElement?.closest('[data-task-row]')?.textContent ?? '');
    // j from nothing goes to the first row; on to "Keys second" whichever rows come before it.
    await page.keyboard.press('j');
    for (let i = 0; i < 10 && !(await focusedTitle()).includes('Keys second'); i++)
      await page.keyboard.press('j');
    expect(await focusedTitle()).toContain('Keys second');
    await page.keyboard.press('k');
    expect(await focusedTitle()).not.toContain('Keys second');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect
      .poll(async () => (await tasksTitled('Keys second'))[0]?.status, { timeout: 30_000 })
      .toMatchObject({ id: 4 });
    await page.keyboard.press('e');
    await page.getByText('Edit task').first().waitFor();
  });

  it('a focused row keeps its focus, and stays the same row, when drag and drop arrives', async () => {
    await api.post('/task', { title: 'Keys kept', group: work, priority_group: 0, task_position: 'top' });
    // Drag and drop's code is held back until the row has the focus (routing also turns the cache off).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route(/\/assets\/today-dnd-[^/]*\.js$/, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    try {
      await page.goto(`${url}/`);
      const row = page.locator('[data-task-row]', { hasText: 'Keys kept' });
      const handle = row.getByRole('button', { name: 'Move Keys kept' });
      await row.waitFor();
      // Asked for after the first content, and still held: the handle is the stand-in.
      await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await handle.getAttribute('aria-roledescription')).toBeNull();
      await row.locator('[data-row-open]').focus();
      // Marks the focused element: an element drawn anew would not carry the mark.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement & { keptMark?: boolean }).keptMark = true;
      });

      release();
      // Pointing at the handle puts drag and drop to work; the focus stays where it is.
      await handle.hover();
      await expect
        .poll(() => handle.getAttribute('aria-roledescription'), { timeout: 30_000 })
        .toBe('sortable');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as (HTMLElement & { keptMark?: boolean }) | null;
        return { marked: el?.keptMark === true, row: el?.closest('[data-task-row]')?.textContent ?? '' };
      });
      expect(focus).toEqual({ marked: true, row: expect.stringContaining('Keys kept') });
      // The keys act on the row at once.
      await page.keyboard.press('x');
      await expect
        .poll(async () => (await tasksTitled('Keys kept'))[0]?.status, { timeout: 30_000 })
        .toMatchObject({ id: 4 });
    } finally {
      release();
      await page.unroute(/\/assets\/today-dnd-[^/]*\.js$/);
    }
  });
});
