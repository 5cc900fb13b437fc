/**
 * The paywall bottom sheet (spec 002 §2, §4, §9; decisions D76) in a real browser, light and dark:
 * 45% of the viewport high, with our own text when no billing page is configured, and with the
 * billing page in a sandboxed frame when config.json names one (and the CSP's frame-src its origin,
 * as infra and the shared policy write it). Screenshots go to the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy } from '@tandem/shared/api/security-headers';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, signIn } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `paywall-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-paywall-shots');
const BILLING = 'https://billing.example';
const HEIGHT = 900;

beforeAll(async () => {
  await createUser(env as StackEnv, { email, firstName: 'Paula', password });
  const m = await import('@tandem/functions/core/user/subscription-admin');
  await m.setSubscription(email, 'free_license', 'active');
  mkdirSync(shots, { recursive: true });
});

/** The sheet's panel: its height against the viewport's. */
async function sheetHeight(page: Page) {
  const panel = page.locator('[data-testid="paywall"] .mantine-Drawer-content');
  await panel.waitFor();
  // The drawer slides in: wait until it stands still.
  await expect.poll(async () => (await panel.boundingBox())?.y).toBeCloseTo(HEIGHT * 0.55, 0);
  return (await panel.boundingBox())!.height;
}

/** The site policies the route saw, each with the shared frame-src the setting extends. */
const sitePolicies: string[] = [];

/** config.json with a billing page, and the app's CSP with its origin in frame-src, as a deploy would write them. */
async function withBillingPage(page: Page) {
  const frameSrc = /frame-src [^;]*/.exec(
    contentSecurityPolicy({ cognito: [], attachments: [], scriptHashes: [] }),
  )![0];
  await page.route(`${url}/config.json`, async (route) => {
    const r = await route.fetch();
    await route.fulfill({ response: r, json: { ...(await r.json()), billingEmbedUrl: `${BILLING}/embed` } });
  });
  // The app's pages (documents only; API and Cognito calls pass untouched): the CSP as a deploy with
  // the setting writes it, its frame-src with the billing page's origin.
  await page.route(
    (u) => u.origin === new URL(url).origin && !u.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const r = await route.fetch();
      const csp = r.headers()['content-security-policy'] ?? '';
      if (csp.includes(frameSrc)) sitePolicies.push(csp);
      await route.fulfill({
        status: r.status(),
        body: await r.body(),
        headers: {
          ...r.headers(),
          'content-security-policy': csp.replaceAll(frameSrc, `${frameSrc} ${BILLING}`),
        },
      });
    },
  );
  await page.route(`${BILLING}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><meta charset="utf-8"><body style="font-family:sans-serif"><h1>Plans</h1><p>Teams — 8 € a seat</p></body></html>',
    }),
  );
}

describe('the paywall sheet', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`is 45% of the viewport with our own text (${scheme})`, async () => {
      const s = await openBrowser({ width: 1280, height: HEIGHT, colorScheme: scheme });
      try {
        await s.page.emulateMedia({ reducedMotion: 'reduce' });
        await signIn(s.page, url, email, password);
        await s.page.goto(`${url}/tasks`);
        const sheet = s.page.getByTestId('paywall');
        await sheet.getByText('Choose a plan to use Tandem').waitFor();
        expect(Math.abs((await sheetHeight(s.page)) - HEIGHT * 0.45)).toBeLessThanOrEqual(1);
        expect(await sheet.locator('iframe').count()).toBe(0);
        expect(await sheet.getByRole('link', { name: /See plans/ }).isVisible()).toBe(true);
        expect(await s.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
        await s.page.screenshot({ path: join(shots, `paywall-text-${scheme}.png`) });
      } finally {
        await s.close();
      }
    });

    it(`frames the configured billing page, sandboxed (${scheme})`, async () => {
      const s = await openBrowser({ width: 1280, height: HEIGHT, colorScheme: scheme });
      try {
        await s.page.emulateMedia({ reducedMotion: 'reduce' });
        await withBillingPage(s.page);
        // Signed in, the app is at / in the document the route served: the sheet shows there.
        await signIn(s.page, url, email, password);
        const sheet = s.page.getByTestId('paywall');
        await sheet.getByText('Choose a plan to use Tandem').waitFor();
        const frame = sheet.getByTitle('Plans and billing');
        expect(await frame.getAttribute('src')).toBe(`${BILLING}/embed`);
        expect((await frame.getAttribute('sandbox'))?.split(' ').sort()).toEqual([
          'allow-forms',
          'allow-popups',
          'allow-popups-to-escape-sandbox',
          'allow-same-origin',
          'allow-scripts',
        ]);
        await expect
          .poll(() =>
            s.page.frameLocator('[data-testid="paywall-embed"]').getByText('Teams — 8 € a seat').isVisible(),
          )
          .toBe(true);
        expect(Math.abs((await sheetHeight(s.page)) - HEIGHT * 0.45)).toBeLessThanOrEqual(1);
        // The frame sits inside the sheet, above the buttons, which stay reachable.
        const box = (await frame.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(HEIGHT * 0.55);
        expect(box.height).toBeGreaterThanOrEqual(150);
        expect(await sheet.getByRole('link', { name: /See plans/ }).isVisible()).toBe(true);
        expect(s.errors).toEqual([]);
        expect(sitePolicies.length).toBeGreaterThan(0);
        await s.page.screenshot({ path: join(shots, `paywall-embed-${scheme}.png`) });
      } finally {
        await s.close();
      }
    });
  }
});
