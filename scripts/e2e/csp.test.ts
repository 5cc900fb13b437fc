/**
 * The Content-Security-Policy and the other security headers (issue 19 item 5), in a real browser:
 * the local gateway sends the policy CloudFront sends in AWS (both from
 * @tandem/shared/api/security-headers), so a script, style, image or connection the policy would
 * block in production is blocked here too, and these tests fail on it. Every violation the browser
 * reports (the `securitypolicyviolation` event and the console) is collected across the pages a
 * signed-in person opens, dark scheme included (the inline scheme script must run).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { inlineScripts } from '@tandem/shared/api/security-headers';
import { SITE_PAGE_FILES } from '@tandem/shared/api/site-pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const password = 'Correct-Horse-9';
const email = `csp-${randomUUID().slice(0, 8)}@example.com`;
let s: BrowserSession;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  await createUser(env as StackEnv, { email, firstName: 'Cleo', lastName: 'Park', password });
  s = await openBrowser({ colorScheme: 'dark' });
  page = s.page;
  await s.context.exposeBinding('__reportCsp', (_source, v: string) => {
    violations.push(v);
  });
  await s.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
});
afterAll(async () => {
  await s?.close();
});

/** Waits for the page to settle, then hands back (and clears) what was reported meanwhile. */
async function violationsOn(pathname: string, ready: () => Promise<unknown>): Promise<string[]> {
  await page.goto(`${url}${pathname}`);
  await ready();
  await page.waitForLoadState('networkidle');
  return violations.splice(0);
}

describe('Content-Security-Policy', () => {
  it('is sent with the pages and allows their inline scripts by hash, nothing inline besides', async () => {
    const res = await fetch(`${url}/calendar`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    // Every page of the build's (the app's, the sign-in page's of D97, the request page's), once each.
    const pages = await Promise.all(SITE_PAGE_FILES.map((page) => readFile(`${dist}${page}`, 'utf8')));
    const hashes = [
      ...new Set(
        pages
          .flatMap(inlineScripts)
          .map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`),
      ),
    ];
    // The scheme script (both pages) and the sign-in page's loader.
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${hashes.join(' ')}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('lets the sign-in page and the signed-in pages load, connect and draw with no violation', async () => {
    expect(await violationsOn('/login', () => page.getByLabel('Email').waitFor())).toEqual([]);
    await signIn(page, url, email, password);
    // The inline scheme script ran (its hash is allowed): the dark scheme is on before React starts.
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    expect(violations.splice(0)).toEqual([]);
    const pages: [string, () => Promise<unknown>][] = [
      ['/', () => page.getByRole('main').waitFor()],
      ['/tasks', () => page.getByRole('main').waitFor()],
      ['/calendar', () => page.locator('.rbc-calendar').first().waitFor()],
      ['/calendar/time-blocks', () => page.getByRole('main').waitFor()],
      ['/routines', () => page.getByRole('main').waitFor()],
      ['/settings', () => page.getByRole('main').waitFor()],
      ['/settings?activeTab=preferences', () => page.getByRole('main').waitFor()],
    ];
    for (const [pathname, ready] of pages) {
      expect({ pathname, violations: await violationsOn(pathname, ready) }).toEqual({
        pathname,
        violations: [],
      });
    }
    expect(s.errors).toEqual([]);
  });

  it("allows the app's own WebSocket by 'self' alone, and no other host", async () => {
    await page.goto(`${url}/`);
    await page.getByRole('main').waitFor();
    violations.splice(0);
    // Without a token the gateway refuses the upgrade: the socket errors, but the policy let it try.
    const tried = (target: string) =>
      page.evaluate(
        (t) =>
          new Promise<string>((resolve) => {
            try {
              const ws = new WebSocket(t);
              ws.onopen = () => resolve('open');
              ws.onclose = () => resolve('closed');
              setTimeout(() => resolve('no answer'), 5_000);
            } catch (e) {
              resolve(`refused: ${(e as Error).name}`);
            }
          }),
        target,
      );
    expect(await tried(`${url.replace(/^http/, 'ws')}/ws`)).toBe('closed');
    await page.waitForTimeout(200);
    expect(violations.splice(0)).toEqual([]);
    expect(await tried('ws://127.0.0.2:9/ws')).not.toBe('open');
    await expect.poll(() => violations.join('\n')).toContain('connect-src');
    violations.splice(0);
  });

  it('blocks an injected inline script and reports it (the check above can fail)', async () => {
    await page.goto(`${url}/`);
    await page.getByRole('main').waitFor();
    violations.splice(0);
    await page
      .evaluate(() => {
        const el = document.createElement('script');
        el.textContent = 'window.__injected = true';
        document.head.append(el);
      })
      .catch(() => {});
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toContain('script-src');
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBe(
      undefined,
    );
    violations.splice(0);
  });

  it('puts the API headers on API answers', async () => {
    const res = await fetch(`${url}/api/v1/user/config/`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
