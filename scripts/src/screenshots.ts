/**
 * `npm run screenshots`: refreshes docs/screenshots/ — Today, the task modal, the calendar week and
 * settings, at 1280 px and 400 px wide, light and dark (today-1280-light.png, …). It builds the web
 * app when its sources changed, starts a throwaway local stack (in memory, on a free port), seeds one
 * person with groups, tasks (urgent, due today, sub-tasks), a routine and a time block, and signs in
 * with Chromium. Any failure — a step, a page error, a missing or empty image — ends it with exit
 * code 1 and says what failed. It is a tool, not a test: `npm test` does not run it.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { startStack } from './local/stack.ts';
import { ensureWebBuild } from './local/web-build.ts';
import { openBrowser } from './testing/browser.ts';
import { apiClient, createUser, type StackEnv } from './testing/users.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const outDir = path.join(repoRoot, 'docs', 'screenshots');
const ZONE = 'Europe/Berlin';
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 400, height: 860 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

type Api = ReturnType<typeof apiClient>;

/** Calls the API and fails loudly on anything but the expected status. */
async function call(what: string, r: Promise<{ status: number; body: unknown }>, expected: number) {
  const res = await r;
  if (res.status !== expected)
    throw new Error(`Seeding failed at "${what}": HTTP ${res.status} ${JSON.stringify(res.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: seed answers are read field by field
  return res.body as any;
}

async function seed(api: Api): Promise<void> {
  const now = DateTime.now().setZone(ZONE);
  await call('settings', api.patch('/user/config/', { timezone: ZONE, country: 'DE' }), 200);
  const home = (await call('groups', api.get('/group/member'), 200)).results[0].id as string;
  const work = (await call('group Work', api.post('/user/group', { title: 'Work' }), 201)).id as string;
  await call('group Garden club', api.post('/user/group', { title: 'Garden club' }), 201);
  const task = (title: string, group: string, extra: object = {}) =>
    call(`task ${title}`, api.post('/task', { title, group, ...extra }), 201).then(
      (b) => b.results[0] as { id: string },
    );
  const today = (h: number, m = 0) => now.set({ hour: h, minute: m, second: 0, millisecond: 0 });

  await task('Send the quarterly report', work, {
    details: { description: 'Numbers from finance are in the shared folder.', flag: 1 },
    due_at: today(17).toUTC().toISO(),
  });
  await task('Plan the team offsite', work, {
    level: 4,
    due_at: today(18).plus({ days: 3 }).toUTC().toISO(),
    children: [
      { title: 'Book the venue' },
      { title: 'Draft the agenda' },
      { title: 'Collect dietary needs' },
    ],
  });
  await task('Review the design proposal', work, { due_at: today(15).toUTC().toISO() });
  await task('Call the plumber', home, { details: { description: '', flag: 1 } });
  await task('Renew the car insurance', home, {
    priority_group: 1,
    due_at: today(12).plus({ days: 6 }).toUTC().toISO(),
  });
  await task('Buy seeds for spring', home, { priority_group: 2 });

  const run = await task('Morning run', home);
  await call(
    'routine',
    api.patch(`/task/schedule/${run.id}`, {
      timezone: ZONE,
      duration: 30,
      start_date: today(7).toUTC().toISO(),
      recur_rule: 'FREQ=DAILY',
    }),
    200,
  );
  await call(
    'time block',
    api.post('/time-blocking/', {
      start_date: today(9).toUTC().toISO(),
      duration: 180,
      timezone: ZONE,
      group: work,
    }),
    201,
  );
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/`);
}

/** Each surface: how to get there and what must be on screen before the picture is taken. */
const surfaces: Array<{
  name: string;
  show: (page: Page, url: string) => Promise<void>;
  /** The whole page rather than the window (settings continue below the fold). */
  fullPage?: boolean;
}> = [
  {
    name: 'today',
    show: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByText('Send the quarterly report').first().waitFor();
    },
  },
  {
    name: 'task-modal',
    show: async (page, url) => {
      await page.goto(`${url}/`);
      await page.getByRole('button', { name: 'Open Plan the team offsite' }).first().click();
      await page.getByRole('dialog').getByText('Book the venue').first().waitFor();
    },
  },
  {
    name: 'calendar-week',
    show: async (page, url) => {
      await page.goto(`${url}/calendar?view=week`);
      const grid = page.locator('.rbc-time-content').first();
      await grid.waitFor();
      await page.getByText('Morning run').first().waitFor();
      // From 06:30, so the routine and the morning's time block are in the picture whatever the hour.
      await grid.evaluate((el) => {
        el.scrollTop = (el.scrollHeight * 6.5) / 24;
      });
    },
  },
  {
    name: 'settings',
    show: async (page, url) => {
      await page.goto(`${url}/settings?activeTab=preferences`);
      await page.getByText('Routine times').first().waitFor();
      await page.getByText('Calendar feed').first().waitFor();
    },
    fullPage: true,
  },
];

async function main(): Promise<void> {
  const { built } = await ensureWebBuild({ repoRoot, log: (m) => console.log(m) });
  if (!built) console.log('The web app is up to date.');
  process.env.TANDEM_LOG_LEVEL ??= 'silent';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tandem-screens-'));
  const stack = await startStack({ dataDir, port: 0, inMemory: true, quiet: true, throttle: false });
  const browser = await openBrowser({ width: 1280, height: 860, timezoneId: ZONE });
  try {
    const password = 'Correct-Horse-9';
    const user = await createUser(stack.env as StackEnv, {
      email: 'maya@example.com',
      firstName: 'Maya',
      lastName: 'Okafor',
      password,
    });
    await seed(apiClient(stack.url, user.accessToken));
    const { page } = browser;
    await signIn(page, stack.url, user.email, password);
    await mkdir(outDir, { recursive: true });
    const written: string[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const s of surfaces) {
          await s.show(page, stack.url);
          // Fonts and images in place, nothing moving.
          await page.evaluate(() => document.fonts.ready);
          await page.waitForLoadState('networkidle');
          const file = path.join(outDir, `${s.name}-${size.width}-${scheme}.png`);
          await page.screenshot({ path: file, animations: 'disabled', fullPage: s.fullPage ?? false });
          if ((await stat(file)).size < 2_000) throw new Error(`${file} is empty or nearly so`);
          written.push(path.relative(repoRoot, file));
        }
      }
    }
    if (browser.errors.length > 0) throw new Error(`The page threw: ${browser.errors.join('; ')}`);
    console.log(`Wrote ${written.length} screenshots:\n  ${written.join('\n  ')}`);
  } finally {
    await browser.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
  process.exit(0);
} catch (e) {
  console.error(`Screenshots FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
}
