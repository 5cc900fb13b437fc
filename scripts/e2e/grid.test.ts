/**
 * The task grid in a real browser through the local stack (issue 15 item 3, decisions D56): a view
 * grouped by status with a filter is saved, the changed mark clears, and after a reload the view is
 * back with its groups and counts; an inline status edit is saved through PATCH /task/{id}, and one
 * the server refuses shows its message and reverts. axe and screenshots light, dark and narrow (the
 * run's temp folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `grid-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-grid-shots');
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let guarded: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Gina', lastName: 'Grid', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  for (const [title, status] of [
    ['Report alpha', 1],
    ['Report beta', 2],
    ['Report gamma', 1],
    ['Water the plants', 1],
  ] as const) {
    const r = await api.post('/task', { title, status, group, priority_group: 1 });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    if (title === 'Report gamma') guarded = r.body.results[0].id;
  }
  // Done is refused while a required custom value is missing (decisions D49): the refused edit.
  const f = await api.post('/task/custom/field', {
    task: guarded,
    custom_field: [{ id: 'reading', type: 'number', label: 'Reading', is_required: true }],
  });
  if (f.status !== 201) throw new Error(JSON.stringify(f.body));
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const groupRow = (p: Page, label: string) => p.locator('tr[data-group-row]', { hasText: label });

async function expectReportView(p: Page) {
  await groupRow(p, 'Status: Not Started').waitFor();
  await expect.poll(() => groupRow(p, 'Status: Not Started').textContent()).toContain('Count: 2');
  expect(await groupRow(p, 'Status: Active').textContent()).toContain('Count: 1');
  expect(await p.getByText('Water the plants').count()).toBe(0);
  expect(await p.getByText('Report gamma').count()).toBe(1);
}

describe('the task grid', () => {
  it('saves a view grouped by status with a filter; the changed mark clears; after a reload it is back', async () => {
    await page.goto(`${url}/tasks`);
    await page.getByRole('link', { name: 'Grid', exact: true }).click();
    await page.waitForURL(/\/tasks\/grid/);
    await page.getByTestId('task-grid').waitFor();
    await page.getByText('Water the plants').waitFor();
    expect(await page.getByTestId('grid-changed').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Status', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('textbox', { name: 'Value' }).fill('report');
    await page.keyboard.press('Escape');
    await page.getByTestId('grid-changed').waitFor();
    await expectReportView(page);
    await page.screenshot({ path: join(shots, 'grid-light.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'More view actions' }).click();
    await page.getByRole('menuitem', { name: 'Save as…' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Open reports');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/view=/);
    await expect.poll(() => page.getByTestId('grid-changed').count()).toBe(0);
    const views = (await api.get('/task/grid')).body.results;
    expect(views).toHaveLength(1);
    expect(views[0].grid_data).toMatchObject({
      grouping: [{ column_name: 'status' }],
      filters: [{ column: 'title', operator: 'contains', value: 'report' }],
    });

    await page.reload();
    await page.getByTestId('task-grid').waitFor();
    expect(await page.getByRole('combobox', { name: 'View' }).inputValue()).toBe(views[0].id);
    await expectReportView(page);
    expect(await page.getByTestId('grid-changed').count()).toBe(0);

    // A change marks the view again; choosing it again restores what was saved.
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    await page.getByTestId('grid-changed').waitFor();
    await page.getByRole('combobox', { name: 'View' }).selectOption(views[0].id);
    expect(await page.getByTestId('grid-changed').count()).toBe(0);
    expect(s.errors).toEqual([]);
  }, 120_000);

  it('edits a status in place; a refused edit shows the server’s message and reverts', async () => {
    await page.getByRole('combobox', { name: 'Status of Report beta' }).selectOption('3');
    await expect
      .poll(
        async () =>
          (await api.get('/task?size=50')).body.results.find(
            (t: { title: string }) => t.title === 'Report beta',
          )?.status.id,
        {
          timeout: 20_000,
        },
      )
      .toBe(3);
    await groupRow(page, 'Status: Paused').waitFor();

    const gamma = page.getByRole('combobox', { name: 'Status of Report gamma' });
    await gamma.selectOption('4');
    await page.getByText('The change was not saved').waitFor();
    await expect.poll(() => gamma.inputValue(), { timeout: 20_000 }).toBe('1');
    expect((await api.get(`/task/${guarded}`)).body.status.id).toBe(1);
  }, 60_000);

  it('looks right dark and narrow, with no serious or critical axe finding', async () => {
    const id = (await api.get('/task/grid')).body.results[0].id;
    for (const [name, opts] of [
      ['dark', { width: 1280, height: 900, colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, email, password);
        await b.page.goto(`${url}/tasks/grid?view=${id}`);
        await groupRow(b.page, 'Status: Not Started').waitFor();
        await b.page.screenshot({ path: join(shots, `grid-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        await b.page.getByRole('button', { name: 'Columns' }).click();
        await b.page.getByTestId('grid-column-title').waitFor();
        await b.page.screenshot({ path: join(shots, `columns-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 150_000);
});
