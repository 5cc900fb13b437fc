/**
 * Notifications in real browsers (issue 12 item 4; decisions D39): A and B are signed in, each in a
 * browser context of their own. A gives B a task; without a reload B's sidebar shows the unread dot,
 * the favicon its badge, and B's pane the notification (the table's stream, the consumer, the
 * `notification` socket event, SWR). B marks everything read and the dot goes away. Screenshots of the
 * pane in light, dark and narrow go to NOTIFY_SHOTS when it is set.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { waitForLiveSockets } from '../src/testing/live-sockets.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const aEmail = `notify-a-${randomUUID().slice(0, 8)}@example.com`;
const bEmail = `notify-b-${randomUUID().slice(0, 8)}@example.com`;
const shots = process.env.NOTIFY_SHOTS;
let a: BrowserSession;
let b: BrowserSession;
let api: ReturnType<typeof apiClient>;
let groupId: string;
const groupTitle = `Notify group ${randomUUID().slice(0, 6)}`;
let bUserId: string;
let bToken: string;

const shot = async (page: Page, name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
};
const pane = (page: Page) => page.getByRole('dialog', { name: 'Notifications' }).first();

beforeAll(async () => {
  const userA = await createUser(env as StackEnv, { email: aEmail, firstName: 'Ada', password });
  const userB = await createUser(env as StackEnv, { email: bEmail, firstName: 'Bo', password });
  bUserId = userB.userId;
  bToken = userB.accessToken;
  api = apiClient(url, userA.accessToken);
  groupId = (await newGroup(api, groupTitle)).id;
  await addMember(api, groupId, { email: bEmail }, 5);
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([signIn(a.page, url, aEmail, password), signIn(b.page, url, bEmail, password)]);
  await Promise.all([a, b].map((s) => s.page.getByRole('region', { name: 'Today', exact: true }).waitFor()));
  // B starts with nothing unread: the group invitation's notification is read.
  const bApi = apiClient(url, userB.accessToken);
  const listed = (await bApi.get('/notifications/')).body as { results: Array<{ id: string }> };
  if (listed.results.length > 0)
    await bApi.patch('/notifications/read', { ids: listed.results.map((n) => n.id) });
  await b.page.reload();
  await b.page.getByRole('region', { name: 'Today', exact: true }).waitFor();
  // Both live sockets connected (the server knows them) before the change; B's is the new page's.
  await waitForLiveSockets([userA.userId, userB.userId], { exactlyOne: true });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('notifications', () => {
  it("A gives B a task: B's dot, favicon and pane show it without a reload; B marks it read and the dot goes", async () => {
    const dot = b.page.getByTestId('notifications-unread-dot');
    expect(await dot.count()).toBe(0);
    const navigations = { b: 0 };
    b.page.on('framenavigated', () => navigations.b++);

    // A gives B the task in A's browser: a new task, Advanced, the group, the assignee picker, Save.
    const title = `Notify ${randomUUID().slice(0, 6)}`;
    await a.page.getByRole('button', { name: 'Add task', exact: true }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Create task' });
    await dialog.getByLabel('Name', { exact: true }).fill(title);
    await dialog.getByRole('button', { name: 'Advanced', exact: true }).click();
    await dialog.getByLabel('Group', { exact: true }).click();
    await a.page.getByRole('option', { name: groupTitle }).click();
    await dialog.getByLabel('Assignees').first().click();
    await a.page.getByRole('option', { name: 'Bo User' }).click();
    await dialog.getByLabel('Role for Bo User').waitFor();
    await dialog.getByRole('button', { name: 'Save and close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await dot.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => b.page.locator('link[rel="icon"]').getAttribute('data-badge'), { timeout: 10_000 })
      .toBe('unread');

    const bList = (await apiClient(url, bToken).get('/notifications/')).body as {
      results: Array<{ variables: { task_title?: string; task_id?: string }; template_name: string }>;
    };
    // One notification for the delegation, however often the stream hands the record over.
    expect(bList.results.filter((n) => n.variables.task_title === title)).toHaveLength(1);
    await b.page.getByRole('button', { name: 'Notifications' }).click();
    const item = pane(b.page).getByTestId('notification-item').filter({ hasText: title }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain(`Ada User gave you a task: ${title}`);
    await shot(b.page, 'pane-light');

    await pane(b.page).getByRole('checkbox', { name: 'Select all' }).check();
    await pane(b.page).getByTestId('notifications-mark-read').click();
    await dot.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await pane(b.page).getByText('You have no unread notifications.').count()).toBe(1);
    await expect
      .poll(() => b.page.locator('link[rel="icon"]').getAttribute('data-badge'), { timeout: 10_000 })
      .toBe('none');

    await pane(b.page).getByRole('tab', { name: 'Read', exact: true }).click();
    await pane(b.page).getByTestId('notification-item').filter({ hasText: title }).first().waitFor();
    expect(navigations).toEqual({ b: 0 });

    // The task's own notifications tab lists it too.
    const givenId = bList.results.find((n) => n.variables.task_title === title)?.variables.task_id;
    await b.page.goto(`${url}/task/${givenId}`);
    await b.page.getByRole('tab', { name: 'Notifications' }).click();
    await b.page.getByTestId('task-notifications').getByText(`Ada User gave you a task: ${title}`).waitFor();
    expect(b.errors).toEqual([]);
  });

  it('the pane in the dark theme and on a narrow screen', async () => {
    await api.post('/task', {
      title: `Narrow ${randomUUID().slice(0, 6)}`,
      group: groupId,
      task_assignees: [{ user: bUserId, role: 5 }],
    });
    for (const [name, opts] of [
      ['pane-dark', { colorScheme: 'dark' as const }],
      ['pane-narrow', { width: 390, height: 844 }],
    ] as const) {
      const s = await openBrowser(opts);
      try {
        await signIn(s.page, url, bEmail, password);
        await s.page.goto(`${url}/notifications`);
        await pane(s.page).getByTestId('notification-item').first().waitFor({ timeout: 20_000 });
        await shot(s.page, name);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
      }
    }
  });
});
