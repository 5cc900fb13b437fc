/**
 * Task import in a real browser through the local stack (issue 14 item 7; D60): the Import dialog
 * reached from /tasks, a Todoist file with a bad date dropped (its row highlighted, its error listed,
 * Import disabled), then the corrected file: the preview with the sub-task under its parent, the
 * format told from the header, the import, its count and its link to the group's tasks. axe;
 * screenshots light, dark and narrow in the run's temp folder.
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
const email = `import-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-import-shots');
const HEAD = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE';
const file = (date: string) => ({
  name: 'Trip.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      HEAD,
      'task,Plan the trip,Where to go,1,1,Ann (1),,2030-06-01,en,',
      'task,Book flights,,2,2,Ann (1),,,,',
      `task,Pack,,4,1,Ann (1),,${date},en,`,
    ].join('\r\n'),
  ),
});

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Ima', password });
  api = apiClient(url, user.accessToken);
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

async function openDialog(p: Page) {
  await p.goto(`${url}/tasks`);
  await p.getByRole('button', { name: 'Import', exact: true }).click();
  return p.getByRole('dialog', { name: 'Import tasks' });
}

describe('importing tasks', () => {
  it('shows a bad row’s error and holds the import, then imports the corrected file', async () => {
    const dialog = await openDialog(page);
    await dialog.getByText('Drop a CSV file here').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(file('some day'));
    await dialog.getByText('Read as a Todoist file: 3 tasks.').waitFor();
    await dialog.getByText('1 row has an error').waitFor();
    expect(await dialog.getByTestId('import-errors').innerText()).toContain(
      'Line 4, DATE: The date could not be read.',
    );
    expect(await dialog.locator('tr[data-invalid]').count()).toBe(1);
    const importButton = dialog.getByRole('button', { name: 'Import 3 tasks' });
    expect(await importButton.isDisabled()).toBe(true);
    await page.screenshot({ path: join(shots, 'errors-light.png') });
    expect(await violations(page)).toEqual([]);

    await dialog.locator('input[type="file"]').setInputFiles(file('2030-06-20'));
    await expect.poll(() => dialog.locator('tr[data-invalid]').count()).toBe(0);
    await dialog.getByText('Read as a Todoist file: 3 tasks.').waitFor();
    await dialog.getByText('Sub-task of line 2').waitFor();
    expect(await importButton.isEnabled()).toBe(true);
    await page.screenshot({ path: join(shots, 'preview-light.png') });
    expect(await violations(page)).toEqual([]);
    await importButton.click();
    await dialog.getByText('Imported 3 tasks.').waitFor();
    await page.screenshot({ path: join(shots, 'done-light.png') });
    await dialog.getByRole('link', { name: 'Show them' }).click();
    await page.waitForURL(/\/tasks\?group=/);
    await page.getByText('Plan the trip').first().waitFor();
    const mine = (await api.get('/task?size=100')).body.results.map((t: { title: string }) => t.title);
    expect(mine).toEqual(expect.arrayContaining(['Plan the trip', 'Pack']));
    expect(s.errors).toEqual([]);
  }, 120_000);

  it('looks right dark and narrow, with no axe finding', async () => {
    for (const [name, opts] of [
      ['preview-dark', { colorScheme: 'dark' as const, width: 1280, height: 900 }],
      ['preview-narrow', { width: 390, height: 844 }],
    ] as const) {
      const other = await openBrowser(opts);
      try {
        await signIn(other.page, url, email, password);
        const dialog = await openDialog(other.page);
        await dialog.locator('input[type="file"]').setInputFiles(file('whenever'));
        await dialog.getByText('1 row has an error').waitFor();
        await other.page.screenshot({ path: join(shots, `${name}.png`) });
        expect(await violations(other.page)).toEqual([]);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  }, 120_000);
});
