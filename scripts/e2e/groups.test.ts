/**
 * Groups in two real browsers: A creates a group with a colour and an icon and invites B; B opens the
 * link from the captured mail, accepts, signs up and sees the group; A sees B as a member and changes
 * B's role; B archives the group for himself only. The group and category forms refuse a blank name
 * and warn before a name already in use; adding a member needs an address and a role.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const ann = { email: `ann-${randomUUID().slice(0, 8)}@example.com`, name: 'Ann' };
const bobEmail = `bob-${randomUUID().slice(0, 8)}@example.com`;
const groupTitle = `Allotment ${randomUUID().slice(0, 4)}`;
const otherTitle = `Shed ${randomUUID().slice(0, 4)}`;
const categoryTitle = `Outdoors ${randomUUID().slice(0, 4)}`;

let a: BrowserSession;
let b: BrowserSession;

const groupRow = (page: Page) => page.getByRole('listitem').filter({ hasText: groupTitle });

beforeAll(async () => {
  await createUser(env as StackEnv, { email: ann.email, firstName: ann.name, password });
  a = await openBrowser();
  b = await openBrowser();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('groups', () => {
  it('A creates a group with a colour and an icon and invites B', async () => {
    const page = a.page;
    await signIn(page, url, ann.email, password);
    await page.goto(`${url}/settings?activeTab=groups`);
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(groupTitle);
    await dialog.getByLabel('Colour').fill('#a1c');
    await dialog.getByLabel('Colour').blur();
    await dialog.getByRole('button', { name: 'Icon' }).click();
    await page.getByRole('button', { name: 'leaf', exact: true }).click();
    await dialog.getByLabel('Member e-mail').fill(bobEmail);
    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await groupRow(page).waitFor();
  });

  it("A's group and category forms refuse a blank name on the field, a member needs an address and a role, and a name in use asks first", async () => {
    const page = a.page;
    await page.goto(`${url}/settings?activeTab=groups`);
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
    await dialog.getByText('Name is required.').waitFor();
    // Adding a member needs an address and a role.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Enter an e-mail address.').waitFor();
    await dialog.getByText('Choose a role.').waitFor();
    await dialog.getByLabel('Member e-mail').fill('someone@example');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Enter a valid e-mail address.').waitFor();
    await dialog.getByLabel('Member e-mail').fill('');
    // The same name in other letters: a warning first, and a new name takes the warning away.
    await name.fill(groupTitle.toUpperCase());
    await expect.poll(() => dialog.getByText('Name is required.').count(), { timeout: 30_000 }).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Group name conflict').waitFor();
    await name.fill(otherTitle);
    await expect.poll(() => dialog.getByText('Group name conflict').count(), { timeout: 30_000 }).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem').filter({ hasText: otherTitle }).waitFor();

    await page.getByRole('button', { name: 'New category' }).click();
    const category = page.getByRole('dialog');
    await category.getByRole('button', { name: 'Save' }).click();
    await category.getByText('Name is required.').waitFor();
    await category.getByLabel('Name').fill(categoryTitle);
    await category.getByRole('button', { name: 'Save' }).click();
    await page.getByText(categoryTitle).first().waitFor();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0);
  });

  it('B opens the link from the mail, accepts, signs up and sees the group', async () => {
    const mail = await waitForMail(url, { to: bobEmail, subjectIncludes: 'invited you' });
    const link = /(http\S+accept-invite\?key=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const page = b.page;
    await page.goto(link);
    await page.getByText(groupTitle).first().waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page
      .getByRole('link', { name: 'Create account' })
      .or(page.getByRole('button', { name: 'Create account' }))
      .click();
    await page.waitForURL(/\/signup/);
    expect(await page.getByLabel('Email').inputValue()).toBe(bobEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('First name').fill('Bob');
    await page.getByLabel('Last name').fill('Builder');
    await page.getByLabel('User type').selectOption('team_member');
    const since = new Date();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email/);
    const confirm = await waitForMail(url, { to: bobEmail, subjectIncludes: 'Confirm', since });
    await page.getByLabel('Confirmation code').fill(/code is (\d{6})/.exec(confirm.text)![1]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your account is confirmed. You can sign in now.').waitFor();
    await signIn(page, url, bobEmail, password);
    await page.goto(`${url}/settings?activeTab=groups`);
    await groupRow(page).waitFor();
  });

  it("A sees B as a member and changes B's role", async () => {
    const page = a.page;
    await page.reload();
    await groupRow(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const role = dialog.getByLabel(`Role of ${bobEmail}`);
    await role.waitFor();
    await role.selectOption({ label: 'Viewer' });
    await expect.poll(() => role.inputValue()).toBe('4');
    await page.keyboard.press('Escape');
    // B sees the new role on his side.
    await b.page.reload();
    await groupRow(b.page).getByText('Viewer', { exact: true }).waitFor();
  });

  it('B archives the group for himself only', async () => {
    const page = b.page;
    await page.reload();
    await groupRow(page).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive for me' }).click();
    await groupRow(page).getByText('Archived').waitFor();
    await a.page.reload();
    await groupRow(a.page).waitFor();
    expect(await groupRow(a.page).getByText('Archived').count()).toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
