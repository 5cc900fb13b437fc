/**
 * Reports in a real browser through the local stack (issue 14 items 5–6; decisions D50): routine
 * instances and tasks are completed through the API, the stream consumer keeps the counters, and
 * /reports shows them — the routine chosen with the screen's own pickers, its completion per day, then
 * the trend of tasks created against completed; the error message when the report cannot be read;
 * axe; screenshots light, dark and narrow written to the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '@tandem/shared/reports/reports';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { normalizeUser } = await import('../../functions/src/core/schedules/normalization.ts');

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `reports-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-reports-shots');

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let routineId: string;
const routineTitle = `Stretch ${randomUUID().slice(0, 4)}`;
const at = (plus: number, hour: number) =>
  DateTime.utc().plus({ days: plus }).set({ hour, minute: 0, second: 0, millisecond: 0 });
const days = [1, 2, 3].map((d) => at(d, 0).toISODate()!);

/** The report table's rows as cell texts (the chart's numbers). */
const tableRows = (p: Page) =>
  p
    .getByTestId('report-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Rae', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  // A daily routine with instances on three days, two of them done.
  routineId = (await api.post('/task', { title: routineTitle, group })).body.results[0].id;
  const r = await api.patch(`/task/schedule/${routineId}`, {
    start_date: at(0, 7).toISO(),
    duration: 30,
    timezone: 'UTC',
    recur_rule: 'FREQ=DAILY',
    flexible_time: 1,
  });
  expect(r.status).toBe(200);
  for (const d of [1, 2, 3]) await normalizeUser(user.userId, 'UTC', at(d, 4).toJSDate());
  for (const d of days.slice(0, 2))
    expect((await api.patch(`/task/${routineId}~${d}`, { status: 4 })).status).toBe(200);
  // Three tasks, one done (the routine's definition is a fourth task created).
  const ids: string[] = [];
  for (const title of ['Report A', 'Report B', 'Report C'])
    ids.push((await api.post('/task', { title, group })).body.results[0].id);
  expect((await api.patch(`/task/${ids[0]}`, { status: 4 })).status).toBe(200);

  s = await openBrowser();
  page = s.page;
  // Charts drawn at once (no growing bars), so screenshots show the values.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
});

describe('the reports screen', () => {
  it('a routine chosen with the pickers: completion per day, 100, 100 and 0 percent', async () => {
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByTestId('overview-total').waitFor();
    // The overview (the default type): the person's 4 tasks and 1 of 3 routine instances done… by status.
    await expect.poll(() => page.getByTestId('overview-total').textContent()).toMatch(/^\d+ tasks$/);
    // Under the pointer too: the active sidebar link's hover tint keeps its text at 4.5:1 (theme.ts).
    await page.getByRole('link', { name: 'Reports' }).hover();
    expect(await violations(page)).toEqual([]);
    await page.mouse.move(900, 700);
    await page.screenshot({ path: join(shots, 'overview-light.png') });
    await page.getByRole('combobox', { name: 'Report type', exact: true }).click();
    await page.getByRole('option', { name: 'Routine', exact: true }).click();
    await page.getByText('Choose a routine to see how often it was done.').waitFor();
    await page.getByRole('combobox', { name: 'Period', exact: true }).click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    // Both dates in one go, before the page draws again (a busy device): neither change is lost.
    await page.evaluate(
      ([from, to]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        for (const [label, value] of [
          ['From', from],
          ['To', to],
        ] as const) {
          const input = [...document.querySelectorAll('label')].find((l) => l.textContent === label)!
            .control!;
          setValue.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      [days[0]!, days[2]!] as const,
    );
    await page.getByRole('combobox', { name: 'Routine', exact: true }).click();
    await page.getByRole('option', { name: routineTitle }).click();

    const slash = (d: string) => d.replaceAll('-', '/');
    await expect
      .poll(() => tableRows(page), { timeout: 30_000 })
      .toEqual([
        [slash(days[0]!), '100.00%', '1 of 1'],
        [slash(days[1]!), '100.00%', '1 of 1'],
        [slash(days[2]!), '0.00%', '0 of 1'],
      ]);
    // The chart: a bar per day with a value, on an axis labelled YYYY/MM/DD.
    const chart = page.locator('.recharts-wrapper').first();
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBe(2);
    await expect
      .poll(() => chart.locator('.recharts-cartesian-axis-tick-value').allTextContents())
      .toEqual(expect.arrayContaining([...days.map(slash), '100%']));
    // The tooltip says the percentage and how many were done.
    await chart.locator('.recharts-bar-rectangle path').first().hover();
    await expect
      .poll(() => page.locator('.recharts-tooltip-wrapper').textContent())
      .toContain('100% (1 of 1)');
    await page.screenshot({ path: join(shots, 'routine-light.png') });
    expect(await violations(page)).toEqual([]);
  });

  it('the trend: tasks created against completed this month', async () => {
    const today = DateTime.utc().toISODate()!;
    await page.goto(
      `${url}/reports?type=trend&period=year&start=${addDays(today, -1)}&end=${addDays(today, 1)}`,
    );
    await expect
      .poll(async () => {
        const rows = await tableRows(page);
        return rows.reduce((sum, r) => [sum[0]! + Number(r[1]), sum[1]! + Number(r[2])], [0, 0]);
      })
      .toEqual([4, 1]);
    await page.locator('.recharts-legend-wrapper').getByText('Created').waitFor();
    await page.screenshot({ path: join(shots, 'trend-light.png') });
    expect(await violations(page)).toEqual([]);
  });

  it('the task list exports as CSV: every task, a BOM, the values', async () => {
    await page.goto(`${url}/tasks`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tasks.csv');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(
      text.startsWith(
        '\uFEFFTitle,Status,Priority group,Group,Due,Completed,Created,Created by,Assignees,Id\r\n',
      ),
    ).toBe(true);
    for (const title of ['Report A', 'Report B', 'Report C', routineTitle])
      expect(text).toContain(`${title},`);
    expect(text).toMatch(/Report A,Completed,/);
  });

  it('says so when the report cannot be read', async () => {
    await page.route('**/reporting/**', (r) => r.fulfill({ status: 500, body: '{}' }));
    await page.goto(`${url}/reports?type=trend&period=month`);
    await page.getByRole('alert').filter({ hasText: 'An error occurred while fetching reports' }).waitFor();
    await page.unroute('**/reporting/**');
    expect(s.errors).toEqual([]);
  });

  it('dark and narrow', async () => {
    const q = `type=routine&period=day&task=${routineId}&start=${days[0]}&end=${days[2]}`;
    for (const [name, opts] of [
      ['routine-dark', { colorScheme: 'dark' as const }],
      ['routine-narrow', { width: 390, height: 844 }],
    ] as const) {
      const other = await openBrowser(opts);
      try {
        await other.page.emulateMedia({ reducedMotion: 'reduce' });
        await signIn(other.page, url, email, password);
        await other.page.goto(`${url}/reports?${q}`);
        await other.page.getByTestId('report-table').waitFor({ timeout: 30_000 });
        await expect.poll(() => other.page.locator('.recharts-bar-rectangle path').count()).toBe(2);
        await other.page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
        // The task list's header with its export button, as this screen size shows it.
        await other.page.goto(`${url}/tasks`);
        await other.page.getByRole('button', { name: 'Export CSV' }).waitFor();
        await other.page.screenshot({ path: join(shots, `${name}-tasks.png`) });
        expect(await violations(other.page)).toEqual([]);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });
});
