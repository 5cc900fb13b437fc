/**
 * Issue 11, item 16, in a real browser through the local stack: the sign-up, sign-in and
 * forgot/reset password forms check the shared form rules before sending (the same sentences as
 * before), and a password reset with the mailed code works end to end.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const email = `auth-forms-${randomUUID().slice(0, 8)}@example.com`;
const password = 'Correct-Horse-9';
const newPassword = 'Battery-Staple-7';

let s: BrowserSession;
let page: Page;

beforeAll(async () => {
  await createUser(env as StackEnv, { email, firstName: 'Ria', password });
  s = await openBrowser();
  page = s.page;
});
afterAll(async () => {
  await s?.close();
});

describe('account forms (item 16)', () => {
  it('sign-up names every broken rule before sending anything', async () => {
    await page.goto(`${url}/signup`);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.getByText('Use at least 10 characters.', { exact: true }).waitFor();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByText('Choose one.').waitFor();
    expect(await page.getByText('This field is required.').count()).toBe(2); // first and last name
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('sign-in asks for both fields', async () => {
    await page.goto(`${url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('This field is required.').count()).toBe(2);
  });

  it('resets a forgotten password with the mailed code, checking the new one first', async () => {
    await page.goto(`${url}/forgot-password`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.getByLabel('Email').fill(email);
    const since = new Date();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Check your e-mail').waitFor();
    const mail = await waitForMail(url, { to: email, since });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Code', { exact: true }).fill('12');
    await page.getByLabel('New password').fill('no-digits-here');
    await page.getByLabel('Confirm password').fill('no-digits-here');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Enter the six-digit code.').waitFor();
    await page.getByText('Include at least one digit.', { exact: true }).waitFor();

    await page.getByLabel('Code', { exact: true }).fill(code!);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. You can sign in now.').waitFor();
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${url}/`);
  });
});
