/**
 * The curriculum screen in a real browser through the local stack (issue 17 items 1–2; D66): build a
 * curriculum of three lessons from template tasks, reorder them by drag (keyboard), delegate it to a
 * second person who completes one — both see 33 %. axe, and screenshots light, dark and narrow (the
 * run's temp folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember } from '../../functions/test/integration/support.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const authorEmail = `cur-author-${randomUUID().slice(0, 8)}@example.com`;
const learnerEmail = `cur-learner-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-curricula-shots');
const groupTitle = `Learning ${randomUUID().slice(0, 6)}`;
const title = `Onboarding ${randomUUID().slice(0, 4)}`;
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let curriculumId = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const author = await createUser(env as StackEnv, {
    email: authorEmail,
    firstName: 'Cora',
    lastName: 'Author',
    password,
  });
  await createUser(env as StackEnv, { email: learnerEmail, firstName: 'Lea', lastName: 'Learner', password });
  api = apiClient(url, author.accessToken);
  const g = await api.post('/user/group', { title: groupTitle });
  if (g.status !== 201) throw new Error(JSON.stringify(g.body));
  await addMember(api, g.body.id, { email: learnerEmail }, 5);
  for (const t of ['Welcome', 'Tools', 'Security']) {
    const r = await api.post('/task/template', { title: t, group: g.body.id });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  }
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, authorEmail, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const lessonTitles = async (p: Page) => p.getByTestId('lesson-list').getByRole('link').allTextContents();

describe('the curriculum screen', () => {
  it('builds a curriculum of three template lessons, reorders them, and both people see 33 %', async () => {
    await page.goto(`${url}/curriculum`);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('combobox', { name: 'Group', exact: true }).click();
    await page.getByRole('option', { name: groupTitle }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    curriculumId = new URL(page.url()).searchParams.get('id')!;
    expect(curriculumId).toBeTruthy();

    // Three lessons from the group's template tasks.
    for (const t of ['Welcome', 'Tools', 'Security']) {
      await page.getByRole('combobox', { name: 'Add from a template' }).click();
      await page.getByRole('option', { name: `${t} · ${groupTitle}` }).click();
      await page.getByRole('button', { name: 'Add', exact: true }).first().click();
      await page.getByTestId('lesson-list').getByRole('link', { name: t }).waitFor();
    }
    expect(await lessonTitles(page)).toEqual(['Welcome', 'Tools', 'Security']);

    // Security dragged to the top with the keyboard: the order shows at once and is kept.
    const grip = page.getByRole('button', { name: 'Drag “Security”' });
    await grip.focus();
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      // dnd-kit moves on animation frames: a person's pace between keys.
      await page.waitForTimeout(300);
    }
    await expect.poll(() => lessonTitles(page)).toEqual(['Security', 'Welcome', 'Tools']);
    await expect
      .poll(async () =>
        (await api.get(`/curriculum/task/list/${curriculumId}`)).body.results.map(
          (l: { task: { title: string } }) => l.task.title,
        ),
      )
      .toEqual(['Security', 'Welcome', 'Tools']);

    // Delegated to the learner.
    await page.getByLabel('A group member’s e-mail').fill(learnerEmail);
    await page.getByRole('button', { name: 'Delegate' }).click();
    await page.getByTestId(`learner-progress-${learnerEmail}`).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'curriculum-light.png'), fullPage: true });

    // The learner completes one lesson of her own.
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(b.page, url, learnerEmail, password);
      await b.page.goto(`${url}/curriculum`);
      await b.page.getByText('Delegated to me').click();
      await b.page.getByTestId('curriculum-card').filter({ hasText: title }).click();
      await b.page.getByRole('heading', { name: title }).waitFor();
      // The lessons are a read of their own: they may show a moment after the heading.
      await expect.poll(() => lessonTitles(b.page)).toEqual(['Security', 'Welcome', 'Tools']);
      await b.page.getByRole('combobox', { name: 'Status of “Welcome”' }).click();
      await b.page.getByRole('option', { name: 'Completed' }).click();
      await expect.poll(() => b.page.getByTestId('curriculum-progress').textContent()).toBe('33 % complete');
      await b.page.screenshot({ path: join(shots, 'curriculum-learner.png'), fullPage: true });
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }

    // The author sees the learner's 33 %.
    await page.reload();
    await expect.poll(() => page.getByTestId(`learner-progress-${learnerEmail}`).textContent()).toBe('33 %');
    expect(s.errors).toEqual([]);
  }, 240_000);

  it('looks right dark and narrow, with no serious or critical axe finding', async () => {
    for (const [name, opts] of [
      ['dark', { width: 1280, height: 900, colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, authorEmail, password);
        await b.page.goto(`${url}/curriculum?id=${curriculumId}`);
        await b.page.getByTestId('lesson-list').getByRole('link', { name: 'Tools' }).waitFor();
        await b.page.getByRole('button', { name: 'Files and videos' }).first().click();
        await b.page.getByTestId('lesson-list').getByRole('tab', { name: 'Video links' }).waitFor();
        // The three kinds are tabs that wrap: none is cut off, even at 390 px.
        const kinds = b.page.getByRole('tablist', { name: 'Curricula to show' });
        const list = (await kinds.boundingBox())!;
        for (const kind of ['My curricula', 'Delegated to me', 'Templates']) {
          const tab = (await kinds.getByRole('tab', { name: kind, exact: true }).boundingBox())!;
          expect(tab.x + tab.width).toBeLessThanOrEqual(list.x + list.width + 1);
        }
        await b.page.screenshot({ path: join(shots, `curriculum-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 150_000);

  it('takes the learner off after a confirmation; the row goes', async () => {
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(b.page, url, authorEmail, password);
      await b.page.goto(`${url}/curriculum?id=${curriculumId}`);
      await b.page.getByTestId(`learner-progress-${learnerEmail}`).waitFor();
      await b.page.getByRole('button', { name: 'Remove Lea Learner' }).click();
      const dialog = b.page.getByRole('dialog', { name: 'Remove a learner' });
      await dialog.getByText('Their lesson tasks stay theirs').waitFor();
      await b.page.screenshot({ path: join(shots, 'curriculum-remove-learner.png') });
      await dialog.getByRole('button', { name: 'Remove a learner' }).click();
      await b.page.getByText('Lea Learner no longer follows this curriculum.').waitFor();
      await b.page.getByText('Not delegated to anyone yet.').waitFor();
      expect(await b.page.getByTestId(`learner-progress-${learnerEmail}`).count()).toBe(0);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 120_000);
});
