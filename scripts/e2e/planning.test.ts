/**
 * The planning flow viewer in a real browser through the local stack (issue 16 items 3–4; decisions
 * D59): /planning lists the plan, the viewer opens it, three children are added, one is moved under
 * another, one is renamed, save and close; reopened, the tree is as left (in the viewer and through
 * the API). A move under a descendant is refused. Screenshots light, dark and narrow are written to
 * the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `planning-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-planning-shots');
const rootTitle = `Launch ${randomUUID().slice(0, 4)}`;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let rootId: string;

/** The plan as "title<parent title" lines, sorted (through the API). */
async function shape() {
  const r = await api.get(`/task/plan/${rootId}`);
  const plan = r.body.results as Array<{ id: string; title: string; parent: { id: string } | null }>;
  const title = new Map(plan.map((n) => [n.id, n.title]));
  return plan.map((n) => `${n.title}<${n.parent ? title.get(n.parent.id) : ''}`).sort();
}
const cardTitles = (p: Page) =>
  p
    .getByTestId('plan-card-title')
    .allTextContents()
    .then((t) => t.sort());

async function openPlan(p: Page) {
  await p.goto(`${url}/planning`);
  await p.getByRole('button', { name: `Open plan: ${rootTitle}` }).click();
  await p.getByTestId('plan-canvas').waitFor();
  await p.locator(`[data-plan-node="${rootId}"]`).waitFor();
}

async function addChild(p: Page, parent: string, title: string) {
  await p.getByRole('button', { name: `Add sub-task to ${parent}` }).click();
  const field = p.getByRole('region', { name: 'Edit task' }).getByLabel('Title');
  await expect.poll(() => field.inputValue()).toBe('New task');
  await field.fill(title);
  await field.press('Enter');
  await p.getByRole('region', { name: 'Edit task' }).getByRole('button', { name: 'Done' }).click();
}

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Pia', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  const root = (
    await api.post('/task', { title: rootTitle, group, level: 3, children: [{ title: 'Brief' }] })
  ).body.results[0];
  rootId = root.id;
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
});

describe('the planning flow viewer', () => {
  it('adds three children, moves one under another, renames one, saves and closes; reopened, the tree is as left', async () => {
    await openPlan(page);
    expect(await cardTitles(page)).toEqual(['Brief', rootTitle].sort());
    for (const title of ['Design', 'Build', 'Test']) await addChild(page, rootTitle, title);
    expect(await cardTitles(page)).toEqual(['Brief', 'Build', 'Design', 'Test', rootTitle].sort());

    // Move "Test" under "Build" from the keyboard (the parent field of the edit panel).
    await page.getByRole('button', { name: 'Edit Test' }).click();
    const panel = page.getByRole('region', { name: 'Edit task' });
    await panel.getByTestId('plan-parent').click();
    await page.getByRole('option', { name: 'Build' }).click();
    await panel.getByRole('button', { name: 'Done' }).click();

    // A move of "Build" under its own child "Test" is refused: "Test" is not offered as its parent.
    await page.getByRole('button', { name: 'Edit Build' }).click();
    await panel.getByTestId('plan-parent').click();
    await expect.poll(() => page.getByRole('option', { name: 'Test' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Done' }).click();

    // Rename "Brief".
    await page.getByRole('button', { name: 'Edit Brief' }).click();
    await panel.getByLabel('Title').fill('Brief v2');
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.screenshot({ path: join(shots, 'viewer-light.png') });

    // Undo and redo inside the session.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => cardTitles(page)).toContain('Brief');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => cardTitles(page)).toContain('Brief v2');

    await page.getByRole('button', { name: 'Save and close' }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
    await page.getByText('Plan saved.').waitFor();

    expect(await shape()).toEqual(
      ['Brief v2<R', 'Build<R', 'Design<R', 'Test<Build', `${rootTitle}<`]
        .map((l) => l.replace('<R', `<${rootTitle}`))
        .sort(),
    );
    await openPlan(page);
    expect(await cardTitles(page)).toEqual(['Brief v2', 'Build', 'Design', 'Test', rootTitle].sort());
    // Nothing changed now: discard closes without asking.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
    expect(s.errors).toEqual([]);
  });

  it('a node without a title blocks saving', async () => {
    await openPlan(page);
    await page.getByRole('button', { name: 'Edit Design' }).click();
    const panel = page.getByRole('region', { name: 'Edit task' });
    await panel.getByLabel('Title').fill('');
    await panel.getByLabel('Title').press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Every task needs a title.').first().waitFor();
    expect(await shape()).toContain(`Design<${rootTitle}`);
    // Discard with changes asks first.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
  });

  it('the left panel brings an existing task with its sub-tasks into the plan', async () => {
    const group = (await api.get('/group/member')).body.results.find(
      (g: { is_private: boolean }) => g.is_private,
    ).id;
    await api.post('/task', { title: 'Venue', group, children: [{ title: 'Catering' }] });
    await openPlan(page);
    await page.getByRole('button', { name: 'Add existing tasks' }).click();
    const panel = page.getByRole('region', { name: 'Add existing tasks' });
    await panel.getByRole('button', { name: 'Add Venue to the plan' }).click();
    await expect.poll(() => cardTitles(page)).toContain('Catering');
    await page.screenshot({ path: join(shots, 'viewer-add-panel.png') });
    await page.getByRole('button', { name: 'Save and close' }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
    const tree = await shape();
    expect(tree).toContain(`Venue<${rootTitle}`);
    expect(tree).toContain('Catering<Venue');
  });

  it('a node is scheduled in the edit panel; saved and reopened, its card shows the schedule', async () => {
    await openPlan(page);
    await page.getByRole('button', { name: 'Edit Design' }).click();
    const panel = page.getByRole('region', { name: 'Edit task' });
    await panel.getByRole('button', { name: 'Set a schedule' }).click();
    await panel.getByLabel('Start date').fill('2031-03-04');
    await panel.getByLabel('Start time').fill('09:30');
    await page.screenshot({ path: join(shots, 'viewer-schedule-panel.png') });
    await panel.getByRole('button', { name: 'Use this schedule' }).click();
    await expect.poll(() => panel.getByTestId('node-schedule-summary').textContent()).toContain('2031');
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save and close' }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
    await page.getByText('Plan saved.').waitFor();

    const plan = (await api.get(`/task/plan/${rootId}`)).body.results as Array<{
      title: string;
      scheduled_task: { start_date: string; timezone: string } | null;
      priority_group: { id: number };
    }>;
    const design = plan.find((n) => n.title === 'Design')!;
    expect(design.scheduled_task?.start_date.slice(0, 4)).toBe('2031');
    expect(design.priority_group.id).toBe(4);

    await openPlan(page);
    const card = page.locator('[data-plan-node]').filter({ hasText: 'Design' });
    await expect.poll(() => card.getByTestId('plan-card-schedule').textContent()).toContain('2031');
    await page.screenshot({ path: join(shots, 'viewer-scheduled.png') });
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByTestId('plan-canvas').waitFor({ state: 'detached' });
    expect(s.errors).toEqual([]);
  });

  it('dark and narrow', async () => {
    for (const [name, opts] of [
      ['viewer-dark', { colorScheme: 'dark' as const }],
      ['viewer-narrow', { width: 390, height: 844 }],
    ] as const) {
      const other = await openBrowser(opts);
      try {
        await other.page.emulateMedia({ reducedMotion: 'reduce' });
        await signIn(other.page, url, email, password);
        await other.page.goto(`${url}/planning`);
        await other.page.getByTestId('plan-row').first().waitFor();
        await other.page.screenshot({ path: join(shots, `${name}-list.png`) });
        await openPlan(other.page);
        await other.page.waitForTimeout(1200); // the centring animation
        await other.page.screenshot({ path: join(shots, `${name}.png`) });
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });
});
