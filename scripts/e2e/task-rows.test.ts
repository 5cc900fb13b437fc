/**
 * Task rows (issue 11 items 10, 19 and 4), in a real browser through the local stack: the due-date
 * menu in the person's zone, status and priority menus, assignee avatars, delete with a confirmation,
 * Undo for Done, delete and a move to another priority group, toasts beside the + button, and
 * sub-tasks that follow their parent when it is dragged to another panel.
 */
import { randomUUID } from 'node:crypto';
import { pickedDueAt, quickDueAt } from '@tandem/shared/tasks/quick-due';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `rows-${randomUUID().slice(0, 8)}@example.com`;
// The person's zone from settings; the computer says New York (due dates must follow the settings).
const zone = 'Asia/Tokyo';
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let group: string;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const panel = (name: string) => page.getByRole('region', { name, exact: true });
const row = (panelName: string, title: string) =>
  panel(panelName)
    .getByRole('list', { name: panelName, exact: true })
    .locator(':scope > li')
    .filter({
      has: page.getByRole('button', { name: `Open ${title}`, exact: true }),
    });
/** The titles of a panel's rows, top to bottom. */
const titlesIn = (panelName: string) =>
  panel(panelName)
    .getByRole('list', { name: panelName, exact: true })
    .locator(':scope > li')
    .evaluateAll((lis) =>
      lis.map((li) => li.querySelector('button[aria-label^="Open "]')?.getAttribute('aria-label')?.slice(5)),
    )
    .catch(() => [] as Array<string | undefined>);
const toast = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const getTask = async (id: string) => (await api.get(`/task/${id}`)).body;
const make = async (body: Record<string, unknown>) => {
  const r = await api.post('/task', { group, ...body });
  expect(r.status).toBe(201);
  return r.body.results[0] as { id: string; title: string; children: Array<{ id: string; title: string }> };
};

/** Holds the task's PATCH until released (a save in flight while the page reads meanwhile). */
async function holdPatchOf(id: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const held = `**/api/v1/task/${id}`;
  await page.route(held, async (route) => {
    if (route.request().method() === 'PATCH') await released;
    await route.continue();
  });
  return { release, unhold: () => page.unroute(held) };
}

/** Drags by the row's handle onto a point of `target` with the pointer, in small steps. */
async function dragTo(handle: Locator, target: Locator) {
  // Drag and drop binds the rows once a handle is pointed at; its handles then say they are sortable.
  await handle.hover();
  await handle.and(page.locator('[aria-roledescription="sortable"]')).waitFor();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Aim inside the target list, well away from the window's edges: near them the list scrolls the
  // page while dragging, and the drop lands elsewhere.
  const x = to.x + 40;
  const y = to.y + Math.min(to.height / 2, 20);
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(from.x + ((x - from.x) * i) / 12, from.y + ((y - from.y) * i) / 12);
  }
  await page.mouse.up();
}

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Rae', password });
  api = apiClient(url, user.accessToken);
  expect((await api.patch('/user/config/', { timezone: zone })).status).toBe(200);
  group = (await api.get('/group/member')).body.results[0].id;
  s = await openBrowser({ width: 1280, height: 900, timezoneId: 'America/New_York' });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

describe('the due-date menu of a row', () => {
  it("sets tomorrow, a picked day and next week as the end of that day in the person's zone", async () => {
    const t = await make({ title: 'Water the plants' });
    await page.goto(`${url}/`);
    await row('Today', t.title).waitFor();
    await page.getByRole('button', { name: `Set a due date for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Tomorrow', exact: true }).click();
    const expected = quickDueAt('tomorrow', new Date(), zone);
    await expect.poll(async () => (await getTask(t.id)).due_at).toBe(expected);
    // The badge reads Tomorrow: tomorrow in Tokyo, whatever day it is in New York.
    const menu = page.getByRole('button', { name: `Change the due date of ${t.title}: ` });
    await expect.poll(() => menu.textContent()).toContain('Tomorrow');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Pick a date…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Due date of “${t.title}”` });
    const day = DateTime.now().setZone(zone).plus({ days: 10 }).toISODate()!;
    await dialog.getByLabel('Day', { exact: true }).fill(day);
    await dialog.getByRole('button', { name: 'Set due date', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await getTask(t.id)).due_at).toBe(pickedDueAt(day, zone));

    await menu.click();
    await page.getByRole('menuitem', { name: 'Next week', exact: true }).click();
    await expect
      .poll(async () => (await getTask(t.id)).due_at)
      .toBe(quickDueAt('nextWeek', new Date(), zone));
    await menu.click();
    await page.getByRole('menuitem', { name: 'Remove the due date', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).due_at).toBeNull();
    expect(s.errors).toEqual([]);
  });
});

describe('what a row draws only once it is used (D89)', () => {
  it('draws a menu, a tooltip and drag and drop when pointed at; a key opens a menu and gets the focus back', async () => {
    const a = await make({ title: 'Read the lease' });
    // Far from the first row: a banner that pushes the page down must not bring it under the pointer.
    const b = await make({ title: 'Book the van', priority_group: 2 });
    await page.mouse.move(0, 0);
    const controlsCode = page.waitForResponse(/\/assets\/row-controls-[^/]*\.js$/);
    const dragCode = page.waitForResponse(/\/assets\/today-dnd-[^/]*\.js$/);
    await page.goto(`${url}/`);
    await row('Later', b.title).waitFor();
    // The code of the menus and of drag and drop loads after the first content, whatever is used.
    await Promise.all([controlsCode, dragCode]);
    const actionsA = row('Today', a.title).getByRole('button', {
      name: `Actions for ${a.title}`,
      exact: true,
    });
    const actionsB = row('Later', b.title).getByRole('button', {
      name: `Actions for ${b.title}`,
      exact: true,
    });
    const handleA = row('Today', a.title).getByRole('button', { name: `Move ${a.title}`, exact: true });
    // A menu drawn is Mantine's target, with an id; the stand-in has none.
    await actionsA.hover();
    await expect.poll(() => actionsA.getAttribute('id')).toMatch(/^mantine-/);
    // Only the row pointed at: the other rows were not drawn again when the code arrived.
    expect(await actionsB.getAttribute('id')).toBeNull();
    expect(await handleA.getAttribute('aria-roledescription')).toBeNull();

    // The group's dot shows its tooltip once pointed at and the pointer moves on it.
    // The tooltip's code may arrive while the dot is pointed at, and drawing the real tooltip puts a
    // new dot in the page: the pointer moves on whichever dot is there until the tooltip shows.
    const dot = row('Later', b.title).getByRole('img', { name: /^Group: / });
    let step = 0;
    await expect
      .poll(
        async () => {
          await dot.hover({ position: { x: 1 + (step++ % 3), y: 2 } });
          return page.getByRole('tooltip').isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // Pointing at a handle binds every row for drag and drop.
    await handleA.hover();
    await expect.poll(() => handleA.getAttribute('aria-roledescription')).toBe('sortable');
    expect(
      await row('Later', b.title)
        .getByRole('button', { name: `Move ${b.title}`, exact: true })
        .getAttribute('aria-roledescription'),
    ).toBe('sortable');

    // By keyboard: reached with Tab, the menu is drawn and its button has the focus; Enter opens it,
    // Escape closes it and the focus is back on the row's button.
    await page.mouse.move(0, 0);
    await row('Later', b.title)
      .getByRole('button', { name: `Open ${b.title}`, exact: true })
      .focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    for (let i = 0; i < 4 && (await focused()) !== `Actions for ${b.title}`; i++)
      await page.keyboard.press('Tab');
    await expect.poll(() => actionsB.getAttribute('id')).toMatch(/^mantine-/);
    expect(await focused()).toBe(`Actions for ${b.title}`);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Paused', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe(`Actions for ${b.title}`);
    expect(s.errors).toEqual([]);
  });

  it('draws the level picker only once it is used; pointed at it opens, a key reaches it (D92)', async () => {
    await page.mouse.move(0, 0);
    const pickerCode = page.waitForResponse(/\/assets\/levels-select-[^/]*\.js$/);
    await page.goto(`${url}/`);
    const levels = page.getByRole('combobox', { name: 'Levels', exact: true });
    await levels.waitFor();
    // The picker's code loads after the first content; its arrival draws nothing (the browser idle
    // once after it, so it has been evaluated).
    await pickerCode;
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 1000 })));
    const isPicker = () => levels.evaluate((e) => e.classList.contains('mantine-MultiSelect-inputField'));
    expect(await isPicker()).toBe(false);
    // Pointed at, the picker is drawn at once, and the press that follows opens it.
    await levels.hover();
    await expect.poll(isPicker).toBe(true);
    await levels.click();
    await page.getByRole('option', { name: 'Goal', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('option', { name: 'Goal', exact: true }).waitFor({ state: 'hidden' });

    // Reached with Tab from the search field: the picker is drawn with the focus, and a key opens it.
    await page.mouse.move(0, 0);
    await page.reload();
    await levels.waitFor();
    expect(await isPicker()).toBe(false);
    await page.getByPlaceholder('Search by title').focus();
    await page.keyboard.press('Tab');
    await expect.poll(isPicker).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Levels');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Goal', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(s.errors).toEqual([]);
  });
});

describe('the status and priority menus of a row', () => {
  it('sets the status, the urgent flag and the priority group', async () => {
    const t = await make({ title: 'Sort the mail' });
    await page.goto(`${url}/`);
    await row('Today', t.title).waitFor();
    const actions = page.getByRole('button', { name: `Actions for ${t.title}`, exact: true });
    await actions.click();
    await page.getByRole('menuitemradio', { name: 'Paused', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).status.id).toBe(3);

    await actions.click();
    await expect
      .poll(() =>
        page.getByRole('menuitemradio', { name: 'Paused', exact: true }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await page.getByRole('menuitemradio', { name: 'Later', exact: true }).click();
    await row('Later', t.title).waitFor();
    await expect.poll(async () => (await getTask(t.id)).priority_group.id).toBe(2);
    // Undo of the move is covered below; here the row stays in Later.
    await toast(`“${t.title}” moved to Later`).waitFor();
    // And it has left Today: one row, in Later (a refresh racing the move can show it in both for a
    // moment; a row left behind in Today fails here).
    await row('Today', t.title).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Urgent', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).task_details.flag).toBe(1);
    // Urgent pins it to today: the server moves it to Today, and the menu refuses other groups.
    await row('Today', t.title).getByRole('img', { name: 'Urgent' }).waitFor();
    // Each panel reads its list again on its own: the row leaves Later when Later's answer is in.
    await row('Later', t.title).waitFor({ state: 'detached' });
    await row('Today', t.title)
      .getByRole('button', { name: `Actions for ${t.title}`, exact: true })
      .click();
    expect(await page.getByRole('menuitemradio', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(s.errors).toEqual([]);
  });
});

describe('assignee avatars', () => {
  it('shows two, then +N naming the others', async () => {
    const team = await newGroup(api, `Crew ${randomUUID().slice(0, 4)}`);
    const people = await Promise.all(
      ['Ada', 'Ben', 'Cy'].map((n) =>
        createUser(env as StackEnv, {
          email: `${n.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
          firstName: n,
          lastName: 'Row',
          password,
        }),
      ),
    );
    for (const p of people) await addMember(api, team.id, p, 5);
    const me = (await api.get('/group/member')).body.results
      .find((g: { id: string }) => g.id === team.id)
      .group_members.find((m: { email: string }) => m.email === email).user;
    const ids = await Promise.all(
      people.map(async (p) => {
        const g = (await apiClient(url, p.accessToken).get('/group/member')).body.results.find(
          (x: { id: string }) => x.id === team.id,
        );
        return g.group_members.find((m: { email: string }) => m.email === p.email).user as string;
      }),
    );
    const t = await make({
      title: 'Crew briefing',
      group: team.id,
      task_assignees: [me, ...ids].map((user) => ({ user, role: 5 })),
    });
    await page.goto(`${url}/`);
    const avatars = row('Today', t.title).getByRole('group', {
      name: `Assignees of ${t.title}`,
      exact: true,
    });
    await avatars.waitFor();
    expect(await avatars.getByRole('img').count()).toBe(3);
    const more = avatars.getByRole('img', { name: /^2 more: / });
    expect(await more.innerText()).toBe('+2');
    // The two it hides, by name.
    expect(await more.getAttribute('aria-label')).toMatch(/^2 more: [^,]+ [^,]+, [^,]+ [^,]+$/);
    expect(s.errors).toEqual([]);
  });
});

describe('Undo', () => {
  it('puts a task marked Done back as it was, and the toast leaves the + button free', async () => {
    await make({ title: 'Alpha' });
    const b = await make({ title: 'Bravo' });
    const c = await make({ title: 'Charlie' });
    await api.patch(`/task/${b.id}`, { status: 2 });
    await page.goto(`${url}/`);
    await row('Today', c.title).waitFor();
    const before = await titlesIn('Today');
    expect(before.indexOf('Bravo')).toBeGreaterThan(-1);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/task/${b.id}`),
    );
    await row('Today', 'Bravo').getByRole('checkbox', { name: 'Mark Bravo done' }).check();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toMatchObject({ status: 4 });
    const done = toast('“Bravo” is done');
    await done.waitFor();
    // Both boxes at once, again until both are there (the + button is drawn anew when its tooltip's
    // code arrives, and a loaded machine can catch it in between), then Undo straight away: the toast
    // lives 5 s from when it shows.
    const addButton = page.getByRole('button', { name: 'Add task', exact: true });
    await expect
      .poll(async () => {
        const [toastBox, add] = await Promise.all([done.boundingBox(), addButton.boundingBox()]);
        return toastBox && add ? overlaps(toastBox, add) : 'not both shown';
      })
      .toBe(false);
    await done.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(async () => (await getTask(b.id)).status.id).toBe(2);
    await expect.poll(() => titlesIn('Today')).toEqual(before);
    await page.reload();
    await expect.poll(() => titlesIn('Today')).toEqual(before);
    expect(s.errors).toEqual([]);
  });

  it('asks before deleting; Undo keeps the task, otherwise it is deleted when the toast closes', async () => {
    const t = await make({ title: 'Old receipts' });
    await page.goto(`${url}/`);
    await row('Today', t.title).waitFor();
    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete…', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this task?' });
    // Cancel deletes nothing.
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    await row('Today', t.title).waitFor();

    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete…', exact: true }).click();
    await ask.getByRole('button', { name: 'Delete task', exact: true }).click();
    await row('Today', t.title).waitFor({ state: 'detached' });
    const gone = toast(`“${t.title}” deleted`);
    await gone.getByRole('button', { name: 'Undo', exact: true }).click();
    await row('Today', t.title).waitFor();
    // The toast has closed, which is when a held delete is sent: nothing was deleted.
    await gone.waitFor({ state: 'detached' });
    expect((await api.get(`/task/${t.id}`)).status).toBe(200);

    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete…', exact: true }).click();
    await ask.getByRole('button', { name: 'Delete task', exact: true }).click();
    await toast(`“${t.title}” deleted`).waitFor();
    await expect.poll(async () => (await api.get(`/task/${t.id}`)).status, { timeout: 30_000 }).toBe(404);
    await page.reload();
    await panel('Today').getByRole('list', { name: 'Today', exact: true }).waitFor();
    expect(await row('Today', t.title).count()).toBe(0);
    expect(s.errors).toEqual([]);
  });

  it('puts a task dragged to another priority group back in its place', async () => {
    await make({ title: 'Delta' });
    const t = await make({ title: 'Echo' });
    await make({ title: 'Foxtrot' });
    await make({ title: 'Plan Q3', priority_group: 1 });
    await page.goto(`${url}/`);
    await row('Next', 'Plan Q3').waitFor();
    await row('Today', 'Foxtrot').waitFor();
    // The earlier tests left Today long: a taller window keeps Next clear of the bottom edge.
    await page.setViewportSize({ width: 1280, height: 1400 });
    const before = await titlesIn('Today');
    await dragTo(
      panel('Today').getByRole('button', { name: `Move ${t.title}`, exact: true }),
      panel('Next').getByRole('list', { name: 'Next', exact: true }),
    );
    await row('Next', t.title).waitFor();
    await expect.poll(async () => (await getTask(t.id)).priority_group.id).toBe(1);
    await toast(`“${t.title}” moved to Next`).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).priority_group.id).toBe(0);
    await expect.poll(() => titlesIn('Today')).toEqual(before);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(s.errors).toEqual([]);
  });
});

describe('a drag being saved', () => {
  it('is not undone by a list read meanwhile: the row shows in one panel only', async () => {
    const t = await make({ title: 'Golf', priority_group: 2 });
    await make({ title: 'Plan Q4', priority_group: 3 });
    await page.goto(`${url}/`);
    await row('Later', t.title).waitFor();
    await row('Future', 'Plan Q4').waitFor();
    // The move's PATCH is held until the lists have been read again from the server, which still has
    // the task in Later then.
    const { release, unhold } = await holdPatchOf(t.id);
    await page.setViewportSize({ width: 1280, height: 1400 });
    await dragTo(
      panel('Later').getByRole('button', { name: `Move ${t.title}`, exact: true }),
      panel('Future').getByRole('list', { name: 'Future', exact: true }),
    );
    await row('Future', t.title).waitFor();
    // A change made elsewhere: the live update reads Later again while the move is held.
    const readAgain = page.waitForResponse(
      (r) => r.request().method() === 'GET' && /\/api\/v1\/task\?.*priority_group=2/.test(r.url()),
    );
    const other = await make({ title: 'Hotel', priority_group: 2 });
    await readAgain;
    await page.waitForTimeout(300); // time to draw what was read, were it kept
    expect(await row('Later', t.title).count()).toBe(0);
    expect(await row('Future', t.title).count()).toBe(1);
    release();
    await expect.poll(async () => (await getTask(t.id)).priority_group.id).toBe(3);
    // The move's own live update reads the lists again: the change made meanwhile shows too.
    await row('Later', other.title).waitFor();
    expect(await row('Later', t.title).count()).toBe(0);
    await unhold();
    await page.reload();
    await row('Future', t.title).waitFor();
    expect(await row('Later', t.title).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(s.errors).toEqual([]);
  });
});

describe('a task marked Done being saved', () => {
  it('is not shown undone by a list read meanwhile', async () => {
    const t = await make({ title: 'Renew the passport', priority_group: 2 });
    await page.goto(`${url}/`);
    await row('Later', t.title).waitFor();
    // The PATCH is held until the list has been read again from the server, which still has the task
    // not done then (a live update, or the live connection's first read, D94).
    const { release, unhold } = await holdPatchOf(t.id);
    try {
      // Its name changes with its state: found by its row.
      // Ticked by the click itself, the page just drawn (the sort codes may not be here yet).
      const box = row('Later', t.title).getByRole('checkbox');
      await box.check();
      const readAgain = page.waitForResponse(
        (r) => r.request().method() === 'GET' && /\/api\/v1\/task\?.*priority_group=2/.test(r.url()),
      );
      // A change made elsewhere: its live update reads Later again while the save is held.
      await make({ title: 'Book the dentist', priority_group: 2 });
      await readAgain;
      await page.waitForTimeout(300); // time to draw what was read, were it kept
      expect(await box.isChecked()).toBe(true);
      release();
      await expect.poll(async () => (await getTask(t.id)).status.id).toBe(4);
      await row('Later', 'Book the dentist').waitFor();
      await expect.poll(async () => (await box.count()) === 0 || (await box.isChecked())).toBe(true);
    } finally {
      release();
      await unhold();
    }
    expect(s.errors).toEqual([]);
  });
});

describe('sub-tasks of a dragged parent', () => {
  it('go with it to the other panel and leave nothing behind', async () => {
    const trip = await make({
      title: 'Plan the trip',
      level: 4,
      priority_group: 1,
      children: [{ title: 'Book flights' }, { title: 'Pack bags' }],
    });
    await page.goto(`${url}/`);
    await row('Next', trip.title).waitFor();
    await dragTo(
      panel('Next').getByRole('button', { name: `Move ${trip.title}`, exact: true }),
      panel('Today').getByRole('list', { name: 'Today', exact: true }),
    );
    await row('Today', trip.title).waitFor();
    await page.reload();
    await row('Today', trip.title).waitFor();
    const next = await titlesIn('Next');
    expect(next).not.toContain('Book flights');
    expect(next).not.toContain('Pack bags');
    expect(await titlesIn('Today')).not.toContain('Book flights');
    await row('Today', trip.title)
      .getByRole('button', { name: `Show the sub-tasks of ${trip.title}` })
      .click();
    const subs = page.getByRole('list', { name: `Sub-tasks of ${trip.title}` });
    await expect.poll(() => subs.locator(':scope > li').count()).toBe(2);
    for (const c of trip.children) expect((await getTask(c.id)).priority_group.id).toBe(0);
    expect(s.errors).toEqual([]);
  });
});

describe('the rows on /tasks', () => {
  it('have the same menus: due today, then delete with Undo', async () => {
    const t = await make({ title: 'File the taxes' });
    await page.goto(`${url}/tasks`);
    await page.getByRole('button', { name: `Set a due date for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Today', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).due_at).toBe(quickDueAt('today', new Date(), zone));
    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Active', exact: true }).click();
    await expect.poll(async () => (await getTask(t.id)).status.id).toBe(2);
    await page.getByRole('button', { name: `Actions for ${t.title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete…', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this task?' })
      .getByRole('button', { name: 'Delete task' })
      .click();
    const open = page.getByRole('button', { name: t.title, exact: true });
    await open.waitFor({ state: 'detached' });
    await toast(`“${t.title}” deleted`).getByRole('button', { name: 'Undo', exact: true }).click();
    await open.waitFor();
    expect(s.errors).toEqual([]);
  });
});
