/**
 * Custom fields in a real browser through the local stack (issue 14): two fields added to a
 * routine, values filled on three of its days, the report tab's chart and table showing them; a
 * required value left empty is refused in the form, and Done is refused while it is missing; a
 * dirty tab asks before it is left. axe and screenshots light, dark and narrow (the run's temp folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `fields-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-custom-fields-shots');
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let routine: string;
let plain: string;
const days = [1, 2, 3].map((d) => DateTime.utc().plus({ days: d }).toISODate()!);
const instances = () => days.map((d) => `${routine}~${d}`);

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Fern', lastName: 'Fields', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  routine = (await api.post('/task', { title: 'Morning weigh-in', group })).body.results[0].id;
  const start = DateTime.utc().plus({ days: 1 }).set({ hour: 7, minute: 0, second: 0, millisecond: 0 });
  const r = await api.patch(`/task/schedule/${routine}`, {
    start_date: start.toISO(),
    duration: 15,
    timezone: 'UTC',
    recur_rule: 'FREQ=DAILY',
    flexible_time: 1,
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  // The routine's next three days, as the daily normalisation makes them.
  const { normalizeUser } = await import('@tandem/functions/core/schedules/normalization');
  for (const [i] of days.entries()) {
    await normalizeUser(user.userId, 'UTC', start.plus({ days: i }).set({ hour: 4 }).toJSDate());
  }
  plain = (await api.post('/task', { title: 'Log the reading', group })).body.results[0].id;
  const f = await api.post('/task/custom/field', {
    task: plain,
    custom_field: [{ type: 'number', label: 'Reading', is_required: true }],
  });
  if (f.status !== 201) throw new Error(JSON.stringify(f.body));
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const pick = async (p: Page, input: ReturnType<Page['getByRole']>, option: string) => {
  await input.click();
  await p.getByRole('option', { name: option, exact: true }).click();
};

describe('custom fields', () => {
  it('adds two fields to a routine, fills values on three days and shows them in the report tab', async () => {
    await page.goto(`${url}/task/${routine}`);
    await page.getByRole('tab', { name: 'Custom fields' }).click();
    await page.getByText('This task has no custom fields.').waitFor();
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByRole('button', { name: 'Add a field' }).click();
    const one = page.getByRole('group', { name: 'Field 1' });
    const two = page.getByRole('group', { name: 'Field 2' });
    // A blank label blocks saving and is highlighted.
    await page.getByRole('button', { name: 'Save fields' }).click();
    await expect.poll(() => page.getByText('Give the field a label.').count()).toBe(2);
    await pick(page, one.getByRole('combobox', { name: 'Type' }), 'Number');
    await one.getByLabel('Label', { exact: true }).fill('Weight');
    await one.getByLabel('Required', { exact: true }).check();
    await pick(page, two.getByRole('combobox', { name: 'Type' }), 'List');
    await two.getByLabel('Label', { exact: true }).fill('Mood');
    const options = two.getByLabel('Options', { exact: true });
    for (const o of ['good', 'ok', 'bad']) {
      await options.fill(o);
      await options.press('Enter');
    }
    await page.getByRole('button', { name: 'Save fields' }).click();
    await page.getByText('Custom fields saved.').first().waitFor();
    const stored = (await api.get(`/task/custom/field/${routine}`)).body;
    expect(
      stored.custom_field.map((f: { label: string; type: string; max_char: number }) => [
        f.label,
        f.type,
        f.max_char,
      ]),
    ).toEqual([
      ['Weight', 'number', 6],
      ['Mood', 'list', 10],
    ]);
    expect(stored.custom_field[1].options).toBe('good|ok|bad');
    await page.screenshot({ path: join(shots, 'fields-light.png') });

    for (const [i, id] of instances().entries()) {
      await page.goto(`${url}/task/${id}`);
      await page.getByRole('tab', { name: 'Custom fields' }).click();
      await page.getByText(`Values for ${days[i]}`).waitFor();
      const weight = page.getByRole('textbox', { name: /^Weight/ });
      if (i === 0) {
        // The shared checker in the form: a required value left empty, then not a number.
        await page.getByRole('button', { name: 'Save values' }).click();
        await page.getByText('Weight is required.').waitFor();
        await weight.fill('abc');
        await page.getByRole('button', { name: 'Save values' }).click();
        await page.getByText('Weight must be a number.').waitFor();
        expect((await api.get(`/task/custom/value/search?task=${id}`)).body.results).toEqual([]);
      }
      await weight.fill(`${70 + i}.24`);
      await pick(page, page.getByRole('combobox', { name: 'Mood' }), ['good', 'ok', 'bad'][i]!);
      await page.getByRole('button', { name: 'Save values' }).click();
      await expect
        .poll(async () => (await api.get(`/task/custom/value/search?task=${id}`)).body.results.length)
        .toBe(1);
    }

    await page.goto(`${url}/task/${routine}`);
    await page.getByRole('tab', { name: 'Report' }).click();
    const table = page.getByRole('table', { name: 'Values over time' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBe(4);
    for (const [i, d] of days.entries()) {
      const row = table.getByRole('row').filter({ hasText: d.replaceAll('-', '/') });
      await expect.poll(() => row.innerText()).toContain(`${70 + i}.2`);
    }
    // The chart: one line for the number field, a point a day.
    await page.locator('.recharts-line').first().waitFor();
    expect(await page.locator('.recharts-line path.recharts-curve').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.waitForTimeout(1_600);
    await page.screenshot({ path: join(shots, 'report-light.png') });
    expect(s.errors).toEqual([]);
  }, 180_000);

  it('asks before leaving a tab with unsaved changes', async () => {
    await page.goto(`${url}/task/${instances()[0]}`);
    await page.getByRole('tab', { name: 'Custom fields' }).click();
    const weight = page.getByRole('textbox', { name: /^Weight/ });
    await expect.poll(() => weight.inputValue()).toBe('70.24');
    await weight.fill('99');
    await page.getByRole('tab', { name: 'Attachments' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await weight.inputValue()).toBe('99');
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Attachments' }).getAttribute('aria-selected'))
      .toBe('true');
    const v = (await api.get(`/task/custom/value/search?task=${instances()[0]}`)).body.results[0];
    expect(Object.values(v.custom_value)).toContain('70.24');
  }, 60_000);

  it('refuses Done while a required value is empty, and takes it once the value is there', async () => {
    await page.goto(`${url}/task/${plain}`);
    await page.getByRole('button', { name: 'Advanced', exact: true }).click();
    await pick(page, page.getByRole('combobox', { name: 'Status' }), 'Completed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText('Fill in the required custom fields before marking this task Done.')
      .first()
      .waitFor();
    // The form names the label at the status field (task-form.custom-field-required).
    await page.getByText('Reading is required.').waitFor();
    expect((await api.get(`/task/${plain}`)).body.status.id).toBe(1);
    const d = (await api.get(`/task/custom/field/${plain}`)).body;
    expect(
      (await api.post('/task/custom/value', { task: plain, custom_value: { [d.custom_field[0].id]: '3' } }))
        .status,
    ).toBe(201);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await api.get(`/task/${plain}`)).body.status.id, { timeout: 20_000 })
      .toBe(4);
  }, 60_000);

  it('looks right dark and narrow, with no serious or critical axe finding', async () => {
    for (const [name, opts] of [
      ['dark', { width: 1280, height: 900, colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, email, password);
        await b.page.goto(`${url}/task/${routine}`);
        await b.page.getByRole('tab', { name: 'Custom fields' }).click();
        await b.page.getByRole('group', { name: 'Field 2' }).waitFor();
        await b.page.screenshot({ path: join(shots, `fields-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        await b.page.getByRole('tab', { name: 'Report' }).click();
        await b.page.locator('.recharts-line').first().waitFor({ timeout: 20_000 });
        expect(await violations(b.page)).toEqual([]);
        // recharts draws its lines in 1.5 s of script, not CSS animations: let it finish for the picture.
        await b.page.waitForTimeout(1_600);
        await b.page.screenshot({ path: join(shots, `report-${name}.png`), fullPage: true });
        await b.page.goto(`${url}/task/${instances()[1]}`);
        await b.page.getByRole('tab', { name: 'Custom fields' }).click();
        await b.page.getByText(`Values for ${days[1]}`).waitFor();
        await b.page.screenshot({ path: join(shots, `values-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 150_000);
});
