/**
 * The account roles screen, the role-mapping panel and the AI builder in a real browser through the
 * local stack (issue 16 items 2 and 5; decisions D58): add a role, an invalid e-mail blocks save, edit,
 * remove with confirmation; a task's role mapping with its match marks; the AI builder's messages;
 * axe; screenshots light, dark and narrow written to the run's temp folder.
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
const email = `roles-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-roles-shots');

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let taskId: string;

/**
 * Waits for the toasts to close before axe looks: Mantine's toast close button has no name (the
 * shell's toasts, not this screen's; noted in D58).
 */
const audit = async (p: Page) => {
  await expect.poll(() => p.locator('.mantine-Notification-root').count(), { timeout: 20_000 }).toBe(0);
  return violations(p);
};

const rows = (p: Page) =>
  p
    .getByTestId('account-role-row')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
    );

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Rho', password });
  api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id;
  taskId = (await api.post('/task', { title: 'Launch plan', group })).body.results[0].id;
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
});

describe('the account roles screen', () => {
  it('adds a role; an invalid e-mail blocks save; edits; removes after confirmation', async () => {
    await page.goto(`${url}/templates/roles`);
    await page.getByRole('heading', { name: 'Account roles' }).waitFor();
    await page.getByText('No roles yet. Add one with the + button.').waitFor();

    await page.getByRole('button', { name: 'Add a role' }).click();
    await page.getByLabel('Role name').fill('Reviewer');
    await page.getByLabel('E-mail of the person').fill('rita@example');
    await page.getByText('Enter a valid e-mail address, or leave it empty.').waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // Enter does not save either.
    await page.getByLabel('E-mail of the person').press('Enter');
    expect((await api.get('/task/template/role')).body.count).toBe(0);
    await page.getByLabel('E-mail of the person').fill('rita@example.com');
    expect(await save.isDisabled()).toBe(false);
    await page.mouse.move(600, 300);
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'roles-editing-light.png') });
    await save.click();
    await page.getByText('Role added').waitFor();
    await expect.poll(() => rows(page)).toEqual([['Reviewer', 'rita@example.com']]);

    // A second role with no one yet.
    await page.getByRole('button', { name: 'Add a role' }).click();
    await page.getByLabel('Role name').fill('Lead');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => rows(page))
      .toEqual([
        ['Reviewer', 'rita@example.com'],
        ['Lead', 'Nobody yet'],
      ]);

    // A name already taken: the server's message.
    await page.getByRole('button', { name: 'Add a role' }).click();
    await page.getByLabel('Role name').fill(' reviewer ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('You already have a role with this name.').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Edit, then cancel, then edit and save.
    await page.getByRole('button', { name: 'Edit role Lead' }).click();
    await page.getByLabel('E-mail of the person').fill('leo@example.com');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => rows(page)).toContainEqual(['Lead', 'Nobody yet']);
    await page.getByRole('button', { name: 'Edit role Lead' }).click();
    await page.getByLabel('E-mail of the person').fill('leo@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Role saved').waitFor();
    await expect.poll(() => rows(page)).toContainEqual(['Lead', 'leo@example.com']);

    // Remove asks first; "Keep it" keeps it.
    await page.getByRole('button', { name: 'Remove role Reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this role?' });
    await dialog.getByText('“Reviewer” is removed from your roles.', { exact: false }).waitFor();
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'roles-remove-light.png') });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.get('/task/template/role')).body.count).toBe(2);
    await page.getByRole('button', { name: 'Remove role Reviewer' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this role?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText('Role removed').waitFor();
    await expect.poll(() => rows(page)).toEqual([['Lead', 'leo@example.com']]);
    expect(
      (await api.get('/task/template/role')).body.results.map((r: { title: string }) => r.title),
    ).toEqual(['Lead']);
    expect(s.errors).toEqual([]);
  });

  it('a task’s role mapping: a green mark for a known role, a warning for another', async () => {
    await page.goto(`${url}/templates/roles?task=${taskId}`);
    const panel = page.getByRole('table', { name: 'Role mapping' });
    await panel.getByRole('columnheader', { name: 'Source Role' }).waitFor();
    await panel.getByRole('columnheader', { name: 'Target Role/Email' }).waitFor();
    for (const [source, target] of [
      ['lead', 'leo@example.com'],
      ['Designer', 'Lead'],
    ]) {
      await page.getByRole('button', { name: 'Add a mapping' }).click();
      await page.getByLabel('Source role').fill(source!);
      await page.getByLabel('E-mail or role name').fill('nobody');
      await page.getByText('Enter a valid e-mail address or the name of one of your roles.').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      await page.getByLabel('E-mail or role name').fill(target!);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Mapping saved').first().waitFor();
    }
    await expect.poll(() => page.getByTestId('role-mapping-row').count()).toBe(2);
    const first = page.getByTestId('role-mapping-row').nth(0);
    const second = page.getByTestId('role-mapping-row').nth(1);
    await first.getByRole('img', { name: 'Matches one of your roles' }).waitFor();
    await second.getByRole('img', { name: 'Not one of your roles' }).waitFor();
    const listed = (await api.get(`/task/role-mapping?task_id=${taskId}`)).body.results;
    expect(listed.map((r: { role_matches: boolean }) => r.role_matches)).toEqual([true, false]);
    await page.mouse.move(600, 300);
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'mapping-light.png'), fullPage: true });
  });
});

describe('the AI builder', () => {
  it('asks for a prompt, and says so when no AI service is set up', async () => {
    await page.goto(`${url}/templates/ai-builder`);
    await page.getByRole('heading', { name: 'Build a template with AI' }).waitFor();
    await page.getByRole('button', { name: 'Propose a tree' }).click();
    await page.getByText('Prompt is required').waitFor();
    await page.getByLabel('What should the template plan?').fill('Onboard a new designer');
    await page.getByRole('button', { name: 'Propose a tree' }).click();
    await page
      .getByText('AI generation is not available: no AI service is set up for this installation.')
      .waitFor();
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'ai-builder-light.png') });
  });

  it('shows a proposed tree as an indented list with levels', async () => {
    // The local stack has no model: the one AI answer is given at the browser, in the API's shape
    // (the server side is tested against a local chat-completions server, ai-connector.test.ts).
    await page.route('**/task/template/ai-proposal', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          root: {
            title: 'Onboard a designer',
            level: 0,
            children: [
              {
                title: 'Prepare the laptop',
                level: 1,
                children: [{ title: 'Order it', level: 2, children: [] }],
              },
              { title: 'First week plan', level: 1, children: [] },
            ],
          },
          node_count: 4,
        }),
      }),
    );
    await page.getByRole('button', { name: 'Propose a tree' }).click();
    const tree = page.getByRole('list', { name: 'Proposed template' });
    await tree.getByText('Order it').waitFor();
    await page.getByText('4 tasks').waitFor();
    // "Order it" sits inside "Prepare the laptop"'s list.
    expect(
      await tree
        .getByRole('listitem')
        .filter({ hasText: 'Prepare the laptop', hasNotText: 'First week plan' })
        .getByRole('listitem')
        .filter({ hasText: 'Order it' })
        .count(),
    ).toBe(1);
    await page.unroute('**/task/template/ai-proposal');
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'ai-builder-tree-light.png') });
  });

  it('dark and narrow', async () => {
    for (const [name, opts] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const other = await openBrowser(opts);
      try {
        await other.page.emulateMedia({ reducedMotion: 'reduce' });
        await signIn(other.page, url, email, password);
        await other.page.goto(`${url}/templates/roles?task=${taskId}`);
        await other.page.getByTestId('role-mapping-row').first().waitFor();
        await other.page.mouse.move(5, 700);
        await other.page.screenshot({ path: join(shots, `roles-${name}.png`), fullPage: true });
        expect(await violations(other.page)).toEqual([]);
        await other.page.goto(`${url}/templates/ai-builder`);
        await other.page.getByRole('heading', { name: 'Build a template with AI' }).waitFor();
        await other.page.screenshot({ path: join(shots, `ai-builder-${name}.png`) });
        expect(await violations(other.page)).toEqual([]);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });
});
