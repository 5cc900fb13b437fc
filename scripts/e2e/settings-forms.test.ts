/**
 * Issue 11, item 8, in a real browser through the local stack: each settings form saves its own part,
 * and unsaved changes are not lost without a question when the person switches the settings tab,
 * goes to another page, or reloads or closes the window.
 */
import { randomUUID } from 'node:crypto';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `settings-${randomUUID().slice(0, 8)}@example.com`;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;

const stored = async () => (await api.get('/user/config/')).body;
const part = (name: string) => page.getByRole('form', { name });
const timeAndDate = () => part('Time and date');
const routineTimes = () => part('Routine times');
const question = () => page.getByRole('dialog', { name: 'Leave without saving?' });
const tab = (name: string) => page.getByRole('tab', { name });

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Sam', password });
  api = apiClient(url, user.accessToken);
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

describe('settings forms (item 8)', () => {
  it('asks before a tab switch drops a changed routine time, and Stay keeps it', async () => {
    await page.goto(`${url}/settings?activeTab=preferences`);
    const beginning = routineTimes().getByLabel('Beginning');
    await expect.poll(() => beginning.inputValue(), { timeout: 30_000 }).toBe('03:00');
    await beginning.fill('07:45');

    await tab('Profile').click();
    await question().waitFor();
    await question().getByRole('button', { name: 'Stay' }).click();
    await question().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('activeTab')).toBe('preferences');
    expect(await beginning.inputValue()).toBe('07:45');
  });

  it('saves only the part whose Save was pressed: the formats, not the changed routine time', async () => {
    await timeAndDate().getByLabel('Time format').selectOption('12');
    await timeAndDate().getByLabel('Date format').selectOption('month_first');
    await timeAndDate().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes are saved.').first().waitFor();

    await expect
      .poll(async () => {
        const c = await stored();
        return [c.time_format_option, c.date_format_option, c.routine_times.beginning];
      })
      .toEqual([12, 'month_first', '03:00']);
    // The unsaved time stays, now in the saved 12-hour format; the others follow the store.
    await expect.poll(() => routineTimes().getByLabel('Beginning').inputValue()).toBe('07:45 AM');
    expect(await routineTimes().getByLabel('Middle').inputValue()).toBe('11:00 AM');

    // It is still unsaved, so leaving still asks.
    await tab('Security').click();
    await question().waitFor();
    await question().getByRole('button', { name: 'Stay' }).click();
    await question().waitFor({ state: 'hidden' });
  });

  it('Leave without saving drops the change; after a save, leaving asks nothing', async () => {
    await tab('Profile').click();
    await question().getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/activeTab=profile/);
    await tab('Preferences').click();
    await expect.poll(() => routineTimes().getByLabel('Beginning').inputValue()).toBe('03:00 AM');
    expect((await stored()).routine_times.beginning).toBe('03:00');

    await routineTimes().getByLabel('End').fill('21:15');
    await routineTimes().getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored()).routine_times.end).toBe('21:15');
    await expect.poll(() => routineTimes().getByLabel('End').inputValue()).toBe('09:15 PM');
    await tab('Profile').click();
    await page.waitForURL(/activeTab=profile/);
    expect(await question().count()).toBe(0);
  });

  it('asks before another page drops a changed name', async () => {
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue()).toBe('Sam');
    await firstName.fill('Samantha');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await question().waitFor();
    await question().getByRole('button', { name: 'Stay' }).click();
    await question().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await firstName.inputValue()).toBe('Samantha');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await question().getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/calendar/);
    expect((await api.get('/auth/user/')).body.first_name).toBe('Sam');
  });

  it('asks before a reload or closing the window drops a change', async () => {
    await page.goto(`${url}/settings?activeTab=profile`);
    const lastName = page.getByLabel('Last name');
    await lastName.waitFor();
    await lastName.fill('Changed');

    // The browser's own question; dismissing it keeps the page and the change.
    const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    void page.evaluate(() => location.reload()).catch(() => {});
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(await lastName.inputValue()).toBe('Changed');

    // Accepting it reloads, and the change is gone.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Last name').inputValue(), { timeout: 30_000 })
      .not.toBe('Changed');
  });

  it('asks before a tab switch drops a typed password change', async () => {
    await tab('Security').click();
    await page.waitForURL(/activeTab=security/);
    await page.getByLabel('Current password').fill('Correct-Horse-9');
    await tab('Profile').click();
    await question().waitFor();
    await question().getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/activeTab=profile/);
  });
});
