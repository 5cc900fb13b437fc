/**
 * A day with tasks, in a real browser: quick-add a task with sub-tasks, tick a sub-task Done and see it
 * go to the bottom, drag a task from Next to Today (Now).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `tasks-${randomUUID().slice(0, 8)}@example.com`;
const bobEmail = `bob-${randomUUID().slice(0, 8)}@example.com`;
let s: BrowserSession;
let b: BrowserSession;
let page: Page;

const panel = (name: string) => page.getByRole('region', { name, exact: true });
/** The next PATCH /task/{id} answered: a reload waits for it, or its reads can come before the save. */
const taskSaved = () =>
  page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/task\/[^/]+$/.test(new URL(r.url()).pathname),
  );
const rowTitles = async (list: ReturnType<Page['getByRole']>) =>
  (await list.locator(':scope > li').allInnerTexts()).map((t) =>
    t
      .split('\n')
      .find((line) => line.trim())
      ?.trim(),
  );

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Tess', password });
  await createUser(env as StackEnv, { email: bobEmail, firstName: 'Bob', lastName: 'Ray', password });
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results[0].id;
  await api.post('/task', { title: 'Call the plumber', group, priority_group: 1 });
  s = await openBrowser();
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
  await b?.close();
});

describe('a day with tasks', () => {
  it('quick-adds a task with two sub-tasks', async () => {
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel('Name', { exact: true });
    // A name made only of invisible characters is refused on the field, by the server's rule.
    await name.fill(' \u200b ');
    await dialog.getByRole('button', { name: 'Save and close', exact: true }).click();
    await dialog.getByText('Give the task a name.').waitFor();
    await expect.poll(() => name.getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
    await name.fill('Plan the trip');
    await expect.poll(() => dialog.getByText('Give the task a name.').count(), { timeout: 30_000 }).toBe(0);
    for (const [n, title] of [
      [1, 'Book flights'],
      [2, 'Pack bags'],
    ] as const) {
      await dialog.getByRole('button', { name: 'Add sub-task', exact: true }).click();
      await dialog.getByLabel(`Sub-task ${n}`, { exact: true }).fill(title);
      await dialog.getByLabel(`Sub-task ${n}`, { exact: true }).press('Enter');
    }
    await dialog.getByRole('button', { name: 'Save and close', exact: true }).click();
    await panel('Today').getByRole('listitem').filter({ hasText: 'Plan the trip' }).waitFor();
  });

  it('ticks a sub-task Done and sees it move to the bottom', async () => {
    const row = panel('Today').getByRole('listitem').filter({ hasText: 'Plan the trip' }).first();
    await row.getByRole('button', { name: 'Show the sub-tasks of Plan the trip' }).click();
    const subs = page.getByRole('list', { name: 'Sub-tasks of Plan the trip' });
    await subs.getByRole('listitem').first().waitFor();
    expect(await rowTitles(subs)).toEqual(['Book flights', 'Pack bags']);
    const saved = taskSaved();
    await subs.getByRole('checkbox', { name: 'Mark Book flights done' }).check();
    await expect.poll(() => rowTitles(subs)).toEqual(['Pack bags', 'Book flights']);
    // Saved: after a reload the order holds.
    expect((await saved).status()).toBe(200);
    await page.reload();
    await panel('Today')
      .getByRole('listitem')
      .filter({ hasText: 'Plan the trip' })
      .first()
      .getByRole('button', { name: 'Show the sub-tasks of Plan the trip' })
      .click();
    await expect
      .poll(() => rowTitles(page.getByRole('list', { name: 'Sub-tasks of Plan the trip' })))
      .toEqual(['Pack bags', 'Book flights']);
  });

  it('drags a task from Next to Today', async () => {
    const handle = panel('Next').getByRole('button', { name: 'Move Call the plumber' });
    const target = panel('Today').getByRole('list', { name: 'Today' });
    // Drag and drop binds the rows once a handle is pointed at; its handles then say they are sortable.
    await handle.hover();
    await handle.and(page.locator('[aria-roledescription="sortable"]')).waitFor();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const saved = taskSaved();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(
        from.x + ((to.x + 40 - from.x) * i) / 12,
        from.y + ((to.y + 10 - from.y) * i) / 12,
      );
    }
    await page.mouse.up();
    await panel('Today').getByRole('listitem').filter({ hasText: 'Call the plumber' }).waitFor();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toMatchObject({ priority_group: 0 });
    await page.reload();
    await panel('Today').getByRole('listitem').filter({ hasText: 'Call the plumber' }).waitFor();
    expect(await panel('Next').getByRole('listitem').filter({ hasText: 'Call the plumber' }).count()).toBe(0);
    expect(s.errors).toEqual([]);
  });

  it('delegates to a second person who accepts from Pending; the task shows in Delegated', async () => {
    await panel('Today').getByRole('button', { name: 'Open Call the plumber' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Advanced', exact: true }).click();
    const inviteEmail = dialog.getByLabel('Invite e-mail', { exact: true });
    // Enter invites from the field; an address that is not one is refused there.
    await inviteEmail.fill('bob@example');
    await inviteEmail.press('Enter');
    await dialog.getByText('Enter a valid e-mail address.').waitFor();
    await inviteEmail.fill(bobEmail);
    await expect
      .poll(() => dialog.getByText('Enter a valid e-mail address.').count(), { timeout: 30_000 })
      .toBe(0);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText(bobEmail).first().waitFor();
    await expect.poll(() => inviteEmail.inputValue(), { timeout: 30_000 }).toBe('');
    // Inviting the same person again is refused: the invitation is pending.
    await inviteEmail.fill(bobEmail.toUpperCase());
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText(`${bobEmail} is already invited.`).waitFor();
    await inviteEmail.fill('');
    await page.keyboard.press('Escape');

    b = await openBrowser();
    await signIn(b.page, url, bobEmail, password);
    await b.page.getByRole('tab', { name: 'Pending' }).click();
    await b.page.getByText('Call the plumber').first().waitFor();
    await b.page.getByRole('button', { name: 'Accept all', exact: true }).click();
    await b.page.getByRole('button', { name: 'Yes', exact: true }).click();
    await b.page.getByRole('tab', { name: 'My tasks' }).click();
    await b.page
      .getByRole('region', { name: 'Today', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'Call the plumber' })
      .waitFor();

    await page.goto(`${url}/?tab=delegated`);
    await page
      .getByRole('region', { name: /Bob Ray/ })
      .getByText('Call the plumber')
      .first()
      .waitFor();
    expect(b.errors).toEqual([]);
  });
});
