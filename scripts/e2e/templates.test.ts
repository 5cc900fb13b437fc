/**
 * The templates screen in a real browser through the local stack (issue 16 item 1; D57): make a
 * folder and a template inline, the unique-title rule shown inline, rename the template, use it and
 * find the draft task; a member who is not an owner sees only View. axe, and screenshots light, dark
 * and narrow (the run's temp folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_MESSAGES } from '@tandem/shared/templates/rules';
import { groupKey } from '@tandem/shared/templates/tree-keys';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember } from '../../functions/test/integration/support.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `templates-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-templates-shots');
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let group: string;
const groupTitle = `Plans ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, {
    email,
    firstName: 'Tess',
    lastName: 'Templates',
    password,
  });
  api = apiClient(url, user.accessToken);
  const g = await api.post('/user/group', { title: groupTitle });
  if (g.status !== 201) throw new Error(JSON.stringify(g.body));
  group = g.body.id;
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const groupRow = (p: Page) => p.locator(`[data-key="${groupKey(group)}"]`);

describe('the templates screen', () => {
  it('makes a folder and a template inline, renames it, uses it and finds the draft task', async () => {
    await page.goto(`${url}/templates`);
    const g = groupRow(page);
    await g.getByText(groupTitle).waitFor();

    // A folder under the group: saved on Enter.
    await g.getByRole('button', { name: 'Add folder' }).first().click();
    await page.getByRole('textbox', { name: 'New folder title' }).fill('Onboarding');
    await page.keyboard.press('Enter');
    await g.getByText('Onboarding', { exact: true }).waitFor();

    // A template in the folder: saved on blur.
    const folderRow = g.locator('[data-key*="-f"]').filter({ hasText: 'Onboarding' }).first();
    await folderRow.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Task template' }).click();
    await page.getByRole('textbox', { name: 'New template title' }).fill('New hire');
    await page.getByRole('textbox', { name: 'Search templates' }).click();
    await g.getByText('New hire', { exact: true }).waitFor();

    // The same title again in the folder: refused inline, nothing sent.
    await folderRow.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Task template' }).click();
    const input = page.getByRole('textbox', { name: 'New template title' });
    await input.fill('  new HIRE ');
    await page.getByText(TEMPLATE_MESSAGES.templateTitleTaken).waitFor();
    await page.keyboard.press('Enter');
    await page.screenshot({ path: join(shots, 'inline-error-light.png'), fullPage: true });
    await input.press('Escape');
    await expect
      .poll(
        async () =>
          (await api.get('/task/template')).body.groups.find((x: { id: string }) => x.id === group).templates
            .length,
      )
      .toBe(1);

    // Rename through Edit.
    await page.getByRole('button', { name: 'Edit: New hire' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('New starter');
    await page.getByRole('button', { name: 'Save' }).click();
    await g.getByText('New starter', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'templates-light.png'), fullPage: true });

    // Use it: a draft task tree; the link opens it.
    await page.getByRole('button', { name: 'Use template New starter' }).click();
    await page.getByRole('link', { name: 'Open the draft' }).click();
    await page.waitForURL(/\/task\/[0-9a-f-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const draft = await api.get(`/task/${id}`);
    expect(draft.body).toMatchObject({ title: 'New starter', mode: 'draft' });
    const drafts = await api.get('/task?mode=draft&size=50');
    expect(drafts.body.results.map((x: { id: string }) => x.id)).toContain(id);
    expect(s.errors).toEqual([]);
  }, 120_000);

  it('looks right dark and narrow, with no serious or critical axe finding', async () => {
    for (const [name, opts] of [
      ['dark', { width: 1280, height: 900, colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, email, password);
        await b.page.goto(`${url}/templates`);
        await groupRow(b.page).getByText('New starter', { exact: true }).waitFor();
        await b.page.screenshot({ path: join(shots, `templates-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        // The search keeps only what matches.
        await b.page.getByRole('textbox', { name: 'Search templates' }).fill('starter');
        await groupRow(b.page).getByText('New starter', { exact: true }).waitFor();
        await b.page.getByRole('textbox', { name: 'Search templates' }).fill('no such template');
        await b.page.getByText('No template matches your search.').waitFor();
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 150_000);

  it('shows a member who is not an owner only View: no add buttons, no template actions', async () => {
    const memberEmail = `member-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(env as StackEnv, { email: memberEmail, firstName: 'Mo', lastName: 'Member', password });
    await addMember(api, group, { email: memberEmail }, 5);
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(b.page, url, memberEmail, password);
      await b.page.goto(`${url}/templates`);
      const g = groupRow(b.page);
      await g.getByText('New starter', { exact: true }).waitFor();
      expect(await g.getByRole('button', { name: 'View New starter' }).count()).toBe(1);
      expect(await g.getByRole('button', { name: 'Use template New starter' }).count()).toBe(0);
      expect(await g.getByRole('button', { name: 'Edit: New starter' }).count()).toBe(0);
      expect(await g.getByRole('button', { name: /^Add/ }).count()).toBe(0);
      expect(await g.getByRole('button', { name: /^Delete folder/ }).count()).toBe(0);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 120_000);
});
