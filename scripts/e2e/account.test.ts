/**
 * A person's first visit, in a real browser against the whole local stack: register, confirm with the
 * code from the captured mail, sign in, change settings and see them kept after a reload, change the
 * sign-in address with the code sent to it, turn on two-factor and sign in (with the new address)
 * with a code from an authenticator, sign out.
 */
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';

const { url } = inject('stack');
let email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
const password = 'Correct-Horse-9';
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

async function signIn() {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('account', () => {
  it('registers and confirms with the code from the e-mail', async () => {
    await page.goto(`${url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('User type').selectOption('manager');
    const since = new Date();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/verify-email/);
    const mail = await waitForMail(url, { to: email, subjectIncludes: 'Confirm', since });
    const code = /code is (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Confirmation code').fill(code!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your account is confirmed. You can sign in now.').waitFor();
  });

  it('signs in and lands on Today with the name in the header', async () => {
    await signIn();
    await page.waitForURL(`${url}/`);
    await expect.poll(() => page.getByTestId('header-user-name').textContent()).toContain('Grace');
  });

  it('keeps the time format and routine times across a reload', async () => {
    await page.goto(`${url}/settings?activeTab=preferences`);
    // Each part of the preferences saves on its own.
    const formats = page.getByRole('form', { name: 'Time and date' });
    const times = page.getByRole('form', { name: 'Routine times' });
    await formats.getByLabel('Time format').selectOption('12');
    await formats.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => times.getByLabel('Beginning').inputValue()).toBe('03:00 AM');
    await times.getByLabel('Beginning').fill('6:30 am');
    await times.getByLabel('End').fill('21:15');
    await times.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => times.getByLabel('End').inputValue()).toBe('09:15 PM');
    await page.getByText('Your changes are saved.').first().waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Beginning').inputValue()).toBe('06:30 AM');
    expect(await page.getByLabel('Time format').inputValue()).toBe('12');
    expect(await page.getByLabel('Middle').inputValue()).toBe('11:00 AM');
    expect(await page.getByLabel('End').inputValue()).toBe('09:15 PM');
  });

  it('makes a private calendar feed address that calendar apps can read', async () => {
    await page.getByRole('button', { name: 'Make a feed address' }).click();
    const address = await page.getByLabel('Feed address').inputValue();
    expect(address).toContain('/api/v1/calendar/feed/');
    const res = await fetch(`${url}${new URL(address).pathname}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('BEGIN:VCALENDAR');
  });

  it('refuses a routine time it cannot read, and saves nothing', async () => {
    const times = page.getByRole('form', { name: 'Routine times' });
    await times.getByLabel('Middle').fill('half past');
    await times.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invalid time format').first().waitFor();
    // The change is not saved, so the browser asks before reloading.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect.poll(() => page.getByLabel('Middle').inputValue()).toBe('11:00 AM');
  });

  it('changes the sign-in address once the code sent to the new one is entered', async () => {
    await page.goto(`${url}/settings?activeTab=profile`);
    const next = `e2e-new-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('Email').fill(next);
    const since = new Date();
    await page.getByRole('button', { name: 'Save' }).click();
    const step = page.getByRole('form', { name: 'Confirm new address' });
    await step.getByText(`We sent a 6-digit code to ${next}`).waitFor();
    const mail = await waitForMail(url, { to: next, subjectIncludes: 'new Tandem e-mail', since });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // A wrong code is refused with the reason, and the address stays.
    await step.locator('input').first().click();
    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: 'Confirm new address' }).click();
    await step.getByText('This code is not right.', { exact: false }).waitFor();
    await step.locator('input').first().click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await step.locator('input').first().click();
    await page.keyboard.type(code!);
    await step.getByRole('button', { name: 'Confirm new address' }).click();
    await page.getByText(`Your e-mail address is now ${next}.`).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(next);
    email = next;
  });

  it('turns on two-factor and then asks for a code at sign-in', async () => {
    await page.goto(`${url}/settings?activeTab=security`);
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByLabel('Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Two-factor authentication is on.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);

    await signIn();
    await page.waitForURL(/\/login\/code/);
    await page.getByLabel('Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${url}/`);
    await expect.poll(() => page.getByTestId('header-user-name').textContent()).toContain('Grace');
  });

  it('signs out, and an app page then asks to sign in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    // The app sends the visitor on to /login at once, which may interrupt the navigation itself.
    await page.goto(`${url}/settings`).catch((e: unknown) => {
      if (!String(e).includes('interrupted by another navigation')) throw e;
    });
    await page.waitForURL(/\/login/);
    expect(session.errors).toEqual([]);
  });
});
