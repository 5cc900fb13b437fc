/**
 * Debian's Chromium driven by playwright-core, never a downloaded browser. A fresh profile folder per
 * launch, removed on close.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors the page threw. */
  errors: string[];
  /** The DevTools HTTP endpoint (`http://127.0.0.1:<port>`) when asked for with `devtools`. */
  devtoolsUrl?: string;
  close(): Promise<void>;
}

export async function openBrowser(
  opts: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    timezoneId?: string;
    /** Also listen for DevTools clients on a free loopback port (Lighthouse connects there). */
    devtools?: boolean;
    /** More Chromium flags for this browser only (the audio test's fake microphone). */
    args?: readonly string[];
  } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'tandem-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...ARGS,
      ...(opts.devtools ? ['--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0'] : []),
      ...(opts.args ?? []),
    ],
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: opts.colorScheme ?? 'light',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  // Ceilings for Playwright's own waits (clicks, fills, navigations) on a busy two-core machine.
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Chromium writes the port it chose into the profile folder once it listens.
  const portFile = join(profile, 'DevToolsActivePort');
  const devtoolsUrl =
    opts.devtools && existsSync(portFile)
      ? `http://127.0.0.1:${readFileSync(portFile, 'utf8').split('\n')[0]}`
      : undefined;
  if (opts.devtools && !devtoolsUrl) {
    await context.close();
    throw new Error('Chromium did not open a DevTools port');
  }
  return {
    context,
    page,
    errors,
    ...(devtoolsUrl ? { devtoolsUrl } : {}),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login page and waits for Today, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
}
