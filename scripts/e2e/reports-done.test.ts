/**
 * Issue 14's "Done when" browser test, whole in one test: two fields added to a routine in its
 * Custom fields tab, values filled on three of its instances, the report chart seen, then the
 * template report exported as CSV — a real download in Chromium — and the values found in the file.
 *
 * The template report may not reach past today (spec 002 §5), and a schedule cannot start in the
 * past (the schedule rules), so the routine's stored start is moved four days back before its
 * instances are made for the last three days, as the daily normalisation would have made them then.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `done-${randomUUID().slice(0, 8)}@example.com`;
const title = `Weigh-in ${randomUUID().slice(0, 4)}`;
const start = DateTime.utc().minus({ days: 4 }).set({ hour: 7, minute: 0, second: 0, millisecond: 0 });
const days = [1, 2, 3].map((d) => start.plus({ days: d }).toISODate()!);
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let routine: string;

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Dana', lastName: 'Done', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  routine = (await api.post('/task', { title, group })).body.results[0].id;
  const r = await api.patch(`/task/schedule/${routine}`, {
    start_date: DateTime.utc().plus({ days: 1 }).set({ hour: 7, minute: 0 }).toISO(),
    duration: 15,
    timezone: 'UTC',
    recur_rule: 'FREQ=DAILY',
    flexible_time: 1,
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const stored = (await TaskEntity.get({ taskId: routine }).go()).data!;
  await TaskEntity.patch({ taskId: routine })
    .set({ schedule: { ...stored.schedule!, startDate: start.toISO()! } })
    .go();
  const { normalizeUser } = await import('@tandem/functions/core/schedules/normalization');
  for (const d of days) {
    await normalizeUser(user.userId, 'UTC', DateTime.fromISO(`${d}T04:00:00Z`).toJSDate());
    const made = await api.get(`/task/${routine}~${d}`);
    if (made.status !== 200) throw new Error(`No instance on ${d}: ${JSON.stringify(made.body)}`);
  }
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const pick = async (p: Page, input: ReturnType<Page['getByRole']>, option: string) => {
  await input.click();
  await p.getByRole('option', { name: option, exact: true }).click();
};

describe('issue 14, done when', () => {
  it('two fields on a routine, values on three instances, the report chart, the template CSV with the values', async () => {
    // Two fields, added in the routine's Custom fields tab.
    await page.goto(`${url}/task/${routine}`);
    await page.getByRole('tab', { name: 'Custom fields' }).click();
    await page.getByText('This task has no custom fields.').waitFor();
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByRole('button', { name: 'Add a field' }).click();
    const one = page.getByRole('group', { name: 'Field 1' });
    const two = page.getByRole('group', { name: 'Field 2' });
    await pick(page, one.getByRole('combobox', { name: 'Type' }), 'Number');
    await one.getByLabel('Label', { exact: true }).fill('Weight');
    await pick(page, two.getByRole('combobox', { name: 'Type' }), 'List');
    await two.getByLabel('Label', { exact: true }).fill('Mood');
    const options = two.getByLabel('Options', { exact: true });
    for (const o of ['good', 'ok', 'bad']) {
      await options.fill(o);
      await options.press('Enter');
    }
    await page.getByRole('button', { name: 'Save fields' }).click();
    await page.getByText('Custom fields saved.').first().waitFor();

    // Values on three instances, each in its own Custom fields tab.
    const moods = ['good', 'ok', 'bad'];
    for (const [i, d] of days.entries()) {
      const id = `${routine}~${d}`;
      await page.goto(`${url}/task/${id}`);
      await page.getByRole('tab', { name: 'Custom fields' }).click();
      await page.getByText(`Values for ${d}`).waitFor();
      await page.getByRole('textbox', { name: /^Weight/ }).fill(`${70 + i}.24`);
      await pick(page, page.getByRole('combobox', { name: 'Mood' }), moods[i]!);
      await page.getByRole('button', { name: 'Save values' }).click();
      await expect
        .poll(async () => (await api.get(`/task/custom/value/search?task=${id}`)).body.results.length)
        .toBe(1);
    }

    // The report chart: the routine's Report tab, a line of the number field over the three days.
    await page.goto(`${url}/task/${routine}`);
    await page.getByRole('tab', { name: 'Report' }).click();
    const table = page.getByRole('table', { name: 'Values over time' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBe(4);
    await page.locator('.recharts-line path.recharts-curve').first().waitFor();

    // The template report over these days, exported as CSV: a real download.
    await page.goto(`${url}/reports?type=template&template=${routine}&start=${days[0]}&end=${days[2]}`);
    const report = page.getByTestId('template-report');
    await expect.poll(() => report.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}_data.csv`);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFTask,Type,User,Date,Weight,Mood\r\n')).toBe(true);
    for (const [i, d] of days.entries()) expect(text).toContain(`,${d},${70 + i}.2,${moods[i]}\r\n`);
    expect(s.errors).toEqual([]);
  }, 240_000);
});
