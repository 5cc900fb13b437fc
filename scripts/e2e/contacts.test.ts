/**
 * The contacts screens in a real browser through the local stack (issue 15 item 2; decisions D55):
 * a company and two contacts made with the forms (the second one's e-mail pointed out as a
 * duplicate while typed), the two merged, a task made from the kept contact and seen under its
 * tasks; a vCard with a broken line refused whole; a CSV imported after its preview; the list
 * exported as vCard; a selection copied and moved to another group after a confirmation, a failed
 * move's §8 message (D63); the §8 message when the list cannot be read;
 * axe; screenshots light, dark and narrow written to the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const tag = randomUUID().slice(0, 6);
const email = `contacts-${tag}@example.com`;
const shots = join(tmpdir(), 'tandem-contacts-shots');
const company = `Analytical Engines ${tag}`;
const adaMail = `ada-${tag}@example.com`;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;

const rows = (p: Page) => p.getByTestId('contact-row');

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Cleo', password });
  api = apiClient(url, user.accessToken);
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
});

async function newContact(p: Page, first: string, last: string, mail: string, withCompany: boolean) {
  await p.getByRole('button', { name: 'New contact' }).click();
  const dialog = p.getByRole('dialog', { name: 'New contact' });
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByRole('textbox', { name: 'E-mail 1' }).fill(mail);
  if (withCompany) {
    await dialog.getByRole('combobox', { name: 'Company' }).click();
    await p.getByRole('option', { name: company }).click();
  }
  return dialog;
}

describe('the contacts screens', () => {
  it('a company and two contacts, merged; a task made from the kept contact shows under its tasks', async () => {
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 2 }).waitFor();
    await page.getByTestId('contacts-empty').waitFor();

    // The company, on its tab.
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'New company' }).click();
    const cDialog = page.getByRole('dialog', { name: 'New company' });
    await cDialog.getByLabel('Name').fill(company);
    // The primary group is the person's 'Private' group.
    expect(await cDialog.getByRole('combobox', { name: 'Primary group' }).inputValue()).toBe('Private');
    await cDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('company-detail').getByRole('heading', { name: company }).waitFor();
    await page.getByTestId('company-row').filter({ hasText: company }).waitFor();

    // Two contacts: the second one's e-mail is the first one's, pointed out while typed.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    const first = await newContact(page, 'Ada', 'Lovelace', adaMail, true);
    await first.getByRole('button', { name: 'Add e-mail' }).click();
    await first.getByRole('textbox', { name: 'E-mail 2' }).fill('  ');
    await first.getByRole('button', { name: 'Save' }).click();
    const detail = page.getByTestId('contact-detail');
    await detail.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await detail.getByRole('button', { name: company }).waitFor();
    // The blank second e-mail was dropped.
    await expect.poll(() => detail.getByRole('link', { name: /@/ }).allTextContents()).toEqual([adaMail]);

    const second = await newContact(page, 'Ada', 'King', adaMail, false);
    await second
      .getByTestId('duplicate-hint')
      .filter({ hasText: 'Ada Lovelace already has this e-mail.' })
      .waitFor();
    await second.getByRole('textbox', { name: 'E-mail 1' }).fill(`king-${tag}@example.com`);
    await second.getByRole('textbox', { name: 'Phone 1' }).fill('+44 20 7946 0000');
    await second.getByRole('button', { name: 'Save' }).click();
    await detail.getByRole('heading', { name: 'Ada King' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);

    // Light screenshots of the list with a detail, and the form.
    await page.mouse.move(900, 700);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'list-detail-light.png'), fullPage: true });

    // Merge: both selected, Ada Lovelace kept.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByTestId('selection-bar').getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge contacts' });
    await merge.getByRole('radio', { name: /Ada Lovelace/ }).check();
    expect(await violations(page)).toEqual([]);
    await merge.getByRole('button', { name: 'Merge 1 contact into it' }).click();
    await detail.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    // The kept contact has the other's e-mail and phone.
    await expect
      .poll(() => detail.getByRole('link', { name: /@/ }).allTextContents())
      .toEqual(expect.arrayContaining([adaMail, `king-${tag}@example.com`]));
    await detail.getByRole('link', { name: '+44 20 7946 0000' }).waitFor();
    expect(await page.getByTestId('selection-bar').count()).toBe(0);

    // A task from the contact: due 7 days ahead by default, then listed under its tasks.
    await detail.getByRole('tab', { name: /Tasks/ }).click();
    await detail.getByText('No tasks yet.').waitFor();
    await detail.getByRole('button', { name: 'New task' }).click();
    const taskDialog = page.getByRole('dialog', { name: 'New task for Ada Lovelace' });
    const due = await taskDialog.getByLabel('Due').inputValue();
    const days = (new Date(due).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.01);
    await taskDialog.getByLabel('Title').fill('Send the engine notes');
    await taskDialog.getByRole('button', { name: 'Create task' }).click();
    await detail.getByTestId('linked-task').filter({ hasText: 'Send the engine notes' }).waitFor();
    await detail.getByRole('tab', { name: 'Tasks (1)' }).waitFor();
    // The server agrees: the contact's tasks hold it.
    const id = new URL(page.url()).searchParams.get('contact');
    const linked = await api.get(`/contact/task/${id}`);
    expect(linked.body.results.map((t: { title: string }) => t.title)).toEqual(['Send the engine notes']);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'detail-tasks-light.png') });

    // Notes in the rich-text editor: a bold word is kept as a document, its plain text as the notes.
    await detail.getByRole('tab', { name: 'Notes' }).click();
    const notes = detail.locator('[data-rich-text-editor]');
    await notes.waitFor();
    await notes.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Met at the ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('fair');
    await detail.getByRole('button', { name: 'Save notes' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Notes saved' }).waitFor();
    const saved = (await api.get(`/contact/${id}`)).body;
    expect(saved.notes).toBe('Met at the fair');
    expect(saved.notes_doc).toContain('"format":1');
    await page.reload();
    await detail.getByRole('tab', { name: 'Notes' }).click();
    await expect
      .poll(() =>
        detail.locator('[data-rich-text-editor] strong, [data-rich-text-editor] .te-bold').allTextContents(),
      )
      .toEqual(['fair']);
    await detail.getByRole('tab', { name: /Tasks/ }).click();

    // The edit form, light.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByLabel('First name').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'form-light.png') });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(s.errors).toEqual([]);
  });

  it('a vCard with a broken line is refused whole: the line named, nothing imported', async () => {
    await page.goto(`${url}/contacts`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'broken.vcf',
      mimeType: 'text/vcard',
      buffer: Buffer.from(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nthis line is broken\r\nEND:VCARD\r\n',
      ),
    });
    await dialog.getByTestId('import-file-errors').getByText('Line 4: this is not a vCard line').waitFor();
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const list = await api.get('/contact/');
    expect(list.body.results.map((c: { first_name: string }) => c.first_name)).toEqual(['Ada']);
  });

  it('a CSV is previewed, then imported; the list exports as vCard', async () => {
    await page.goto(`${url}/contacts`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`First name,Last name,Email\nGrace,Hopper,grace-${tag}@example.com\n`),
    });
    await dialog.getByTestId('import-preview').getByText('Ready').waitFor();
    await dialog.getByRole('button', { name: 'Import 1 contact' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'vCard (.vcf)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(text).toContain('FN:Ada Lovelace');
    expect(text).toContain(`EMAIL;TYPE=work:grace-${tag}@example.com`);
    expect(s.errors).toEqual([]);
  });

  it('moves and copies a selection to another group after a confirmation; a failure says so (D63)', async () => {
    const team = (await api.post('/user/group', { title: `Team ${tag}` })).body as {
      id: string;
      title: string;
    };
    await page.goto(`${url}/contacts`);
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
    await page.getByRole('checkbox', { name: 'Select Grace Hopper' }).check();
    const bar = page.getByTestId('selection-bar');
    await bar.getByRole('button', { name: 'Copy to group' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy 2 contacts' });
    expect(await copy.getByRole('button', { name: 'Copy 2 items' }).isDisabled()).toBe(true);
    await copy.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: team.title }).click();
    await copy.getByText(`“${team.title}” is added to the groups of the 2 selected items`).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'bulk-copy-light.png') });
    await copy.getByRole('button', { name: 'Copy 2 items' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: `2 items copied to ${team.title}` })
      .waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    const inTeam = async () =>
      ((await api.get(`/contact/?group=${team.id}`)).body.results as Array<{ first_name: string }>).map(
        (c) => c.first_name,
      );
    expect(await inTeam()).toEqual(['Ada', 'Grace']);
    const grace = () =>
      api
        .get('/contact/search?q=grace')
        .then((r) => r.body.results[0] as { primary_group_id: string; secondary_group_ids: string[] });
    expect((await grace()).secondary_group_ids).toEqual([team.id]);

    // A failed move shows the server's message and keeps the selection.
    await page.getByRole('checkbox', { name: 'Select Grace Hopper' }).check();
    await page.route(/\/contacts\/bulk\//, (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"fallback_message":"Server down"}' }),
    );
    await bar.getByRole('button', { name: 'Move to group' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 contact' });
    await move.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: team.title }).click();
    await move.getByText(`The selected item will be in “${team.title}” only`).waitFor();
    await move.getByRole('button', { name: 'Move 1 item' }).click();
    const failed = page.locator('.mantine-Notification-root').filter({ hasText: 'Failed to move contacts' });
    await failed.getByText('API Error (500): Server down').waitFor();
    await page.unroute(/\/contacts\/bulk\//);
    // Tried again: Grace is in the team only.
    await move.getByRole('button', { name: 'Move 1 item' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: `Moved to ${team.title}` })
      .waitFor();
    await expect.poll(async () => (await grace()).primary_group_id).toBe(team.id);
    expect((await grace()).secondary_group_ids).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('searches companies by a word of their name (D63)', async () => {
    await page.goto(`${url}/contacts?tab=companies`);
    const box = page.getByRole('searchbox', { name: 'Search companies' });
    await box.fill('engines');
    await page.getByTestId('company-row').filter({ hasText: company }).waitFor();
    await box.fill(`nothing-${tag}`);
    await page.getByText(`No company matches “nothing-${tag}”.`).waitFor();
    expect(s.errors).toEqual([]);
  });

  it('says so when the contacts cannot be read', async () => {
    await page.route(/\/contact\/\?/, (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"fallback_message":"Server down"}' }),
    );
    await page.goto(`${url}/contacts`);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch contacts' });
    await alert.getByText('API Error (500): Server down').waitFor();
    await page.unroute(/\/contact\/\?/);
    expect(s.errors).toEqual([]);
  });

  it('dark and narrow', async () => {
    const id = (await api.get('/contact/')).body.results[0].id;
    for (const [name, opts] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const other = await openBrowser(opts);
      try {
        await other.page.emulateMedia({ reducedMotion: 'reduce' });
        await signIn(other.page, url, email, password);
        await other.page.goto(`${url}/contacts`);
        await other.page.getByTestId('contact-row').first().waitFor();
        await other.page.screenshot({ path: join(shots, `list-${name}.png`), fullPage: true });
        await other.page.goto(`${url}/contacts?contact=${id}`);
        const detail = other.page.getByTestId('contact-detail');
        await detail.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
        // Wide: the list beside the detail; narrow: the detail is the page.
        if (name === 'dark') await other.page.getByTestId('contact-row').first().waitFor();
        else expect(await other.page.getByTestId('contact-table').count()).toBe(0);
        await other.page.screenshot({ path: join(shots, `detail-${name}.png`) });
        expect(await violations(other.page)).toEqual([]);
        await detail.getByRole('button', { name: 'Edit' }).click();
        await other.page.getByRole('dialog', { name: 'Edit contact' }).getByLabel('First name').waitFor();
        await other.page.screenshot({ path: join(shots, `form-${name}.png`) });
        expect(await violations(other.page)).toEqual([]);
        expect(other.errors).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });
});
