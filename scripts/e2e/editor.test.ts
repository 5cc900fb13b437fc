/**
 * The rich-text editor in a real browser through the local stack (issue 15 item 4, D51): a description
 * written with a check list and links is saved and reopened with its count and safe links (a typed
 * javascript: link is about:blank); an old plain description opens unchanged; pasted office bullets
 * nest; the image dialogs; axe on the editor; screenshots light, dark and narrow; and no editor code
 * among the Today route's first scripts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { loadToday } from '../src/bench/web-today.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `editor-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-editor-shots');
const dist = resolve(import.meta.dirname, '../../web/dist');
const PLAIN = 'Call the venue\n\n  Ask about [x] parking\nBook by Friday';

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let group: string;
let richId: string;
let plainId: string;

const editor = (p: Page = page) => p.locator('[data-rich-text-editor]');
const openTask = async (id: string, p: Page = page) => {
  await p.goto(`${url}/task/${id}`);
  await editor(p).waitFor();
};
const saveForm = async (p: Page = page) => {
  await p.getByRole('button', { name: 'Save', exact: true }).click();
};

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Eda', lastName: 'Editor', password });
  api = apiClient(url, user.accessToken);
  group = (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private).id;
  richId = (await api.post('/task', { title: 'Conference trip', group })).body.results[0].id;
  plainId = (await api.post('/task', { title: 'Venue', group, details: { description: PLAIN } })).body
    .results[0].id;
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('the description editor', () => {
  it('writes a check list and links, saves, and reopens with the count and safe links', async () => {
    await openTask(richId);
    const box = editor();
    await expect.poll(() => page.getByText('Start typing...').count()).toBe(1);
    await box.click();
    await page.keyboard.type('Packing');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Check list' }).click();
    await page.keyboard.type('Passport');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tickets');
    // Tick the first item: the box is drawn before the item's text.
    const first = box.locator('li', { hasText: 'Passport' });
    const at = (await first.boundingBox())!;
    await page.mouse.click(at.x + 8, at.y + at.height / 2);
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.getByText('1/2 done').count()).toBe(1);
    // Out of the list: an empty item and Enter.
    await box.locator('li', { hasText: 'Tickets' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A web address and an e-mail are linked as they are typed.
    await page.keyboard.type('Agenda at https://example.com/agenda or ask ann@example.com then see ');
    await page.keyboard.type('this');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByLabel('Link address');
    // Enter with no address applies nothing; Escape cancels.
    await address.press('Enter');
    await expect.poll(() => address.isVisible()).toBe(true);
    await address.fill('javascript:alert(document.cookie)');
    await address.press('Enter');
    await expect.poll(() => box.locator('a', { hasText: 'this' }).count()).toBe(1);
    await expect.poll(() => box.locator('a', { hasText: 'https://example.com/agenda' }).count()).toBe(1);
    await expect.poll(() => box.locator('a', { hasText: 'ann@example.com' }).count()).toBe(1);
    await page.screenshot({ path: join(shots, 'editing-light.png') });
    expect(await violations(page)).toEqual([]);

    await saveForm();
    const stored = async () => (await api.get(`/task/${richId}`)).body.task_details;
    await expect
      .poll(async () => (await stored()).description_doc !== undefined, { timeout: 20_000 })
      .toBe(true);
    const details = await stored();
    expect(details.description).toBe(
      'Packing\n[x] Passport\n[ ] Tickets\nAgenda at https://example.com/agenda or ask ann@example.com then see this',
    );
    expect(details.description_doc).not.toContain('javascript:');

    await page.goto(`${url}/`);
    await openTask(richId);
    await expect.poll(() => page.getByText('1/2 done').count()).toBe(1);
    const hrefs = await editor()
      .locator('a')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toEqual([
      ['https://example.com/agenda', 'https://example.com/agenda'],
      ['ann@example.com', 'mailto:ann@example.com'],
      ['this', 'about:blank'],
    ]);
    expect(await editor().locator('li[aria-checked="true"]').allInnerTexts()).toEqual(['Passport']);
    expect(s.errors).toEqual([]);
  }, 180_000);

  it('removes the completed check-list items', async () => {
    await openTask(richId);
    await editor().click();
    await page.getByRole('button', { name: 'Remove 1 completed item' }).click();
    await expect.poll(() => editor().locator('li').allInnerTexts()).toEqual(['Tickets']);
    await expect.poll(() => page.getByText('0/1 done').count()).toBe(1);
  }, 60_000);

  it('opens an old plain description unchanged, a paragraph a line', async () => {
    await openTask(plainId);
    const lines = await editor()
      .locator('p')
      .evaluateAll((ps) => ps.map((p) => p.textContent ?? ''));
    expect(lines).toEqual(PLAIN.split('\n'));
    // Opening it is no change: closing asks nothing, nothing is sent, and it stays plain.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => editor().count()).toBe(0);
    expect(await page.getByText('Discard your changes?').count()).toBe(0);
    expect((await api.get(`/task/${plainId}`)).body.task_details).toEqual({ description: PLAIN, flag: 3 });
  }, 60_000);

  it('turns pasted office bullets into a list at levels 0, 1 and 2', async () => {
    await openTask(plainId);
    await editor().locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor().evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        'text/plain',
        '·\u00a0\u00a0Milk\no\u00a0\u00a0Oat\n§\u00a0\u00a0Barista\n·\u00a0\u00a0Bread',
      );
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const depth = (text: string) =>
      editor()
        .locator('li:not(:has(ul, ol))', { hasText: new RegExp(`^${text}$`) })
        .evaluate((li) => {
          let d = 0;
          for (
            let n = li.parentElement;
            n && n.hasAttribute('contenteditable') === false;
            n = n.parentElement
          )
            if (n.tagName === 'UL' || n.tagName === 'OL') d++;
          return d - 1;
        });
    await expect.poll(() => depth('Milk')).toBe(0);
    expect(await depth('Oat')).toBe(1);
    expect(await depth('Barista')).toBe(2);
    expect(await depth('Bread')).toBe(0);
  }, 60_000);

  it('inserts images through the two dialogs, OK disabled while the address is empty, at most 500 wide', async () => {
    await openTask(plainId);
    await editor().click();
    await page.getByRole('button', { name: 'Insert Image', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert Image' });
    const ok = dialog.getByRole('button', { name: 'OK' });
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel('Image URL').fill('javascript:alert(1)');
    expect(await ok.isDisabled()).toBe(false);
    await ok.click();
    await dialog.getByText('Enter an address starting with http:// or https://.').waitFor();
    await dialog.getByLabel('Image URL').fill(`${url}/favicon.svg`);
    await ok.click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const img = editor().locator('.tandem-editor-image-block img');
    await expect.poll(() => img.count()).toBe(1);
    expect(await img.evaluate((i) => getComputedStyle(i).maxWidth)).toBe('500px');

    await page.getByRole('button', { name: 'Insert Inline Image', exact: true }).click();
    const inline = page.getByRole('dialog', { name: 'Insert Inline Image' });
    expect(await inline.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await inline.getByLabel('Image URL').fill(`${url}/favicon.svg`);
    await inline.getByText('Full Width').click();
    await inline.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => editor().locator('.tandem-editor-position-full img').count()).toBe(1);
    await saveForm();
    await expect
      .poll(async () => (await api.get(`/task/${plainId}`)).body.task_details.description_doc ?? '', {
        timeout: 20_000,
      })
      .toContain('"position":"full"');
  }, 90_000);

  it('is read-only, its links safe, for a viewer who may not edit the description', async () => {
    const viewer = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(env as StackEnv, { email: viewer, firstName: 'Vic', lastName: 'Viewer', password });
    const g = await newGroup(api);
    await addMember(api, g.id, { email: viewer }, 4);
    const el = { direction: null, format: '', indent: 0, version: 1 };
    const text = (t: string) => ({
      type: 'text',
      text: t,
      detail: 0,
      format: 0,
      mode: 'normal',
      style: '',
      version: 1,
    });
    const link = (url: string, label: string) => ({
      type: 'link',
      url,
      rel: null,
      target: null,
      title: null,
      ...el,
      children: [text(label)],
    });
    const doc = {
      root: {
        type: 'root',
        ...el,
        children: [
          {
            type: 'paragraph',
            ...el,
            textFormat: 0,
            textStyle: '',
            children: [link('https://example.com/', 'site'), text(' '), link('javascript:alert(1)', 'trap')],
          },
          {
            type: 'list',
            listType: 'check',
            start: 1,
            tag: 'ul',
            ...el,
            children: [{ type: 'listitem', checked: true, value: 1, ...el, children: [text('Read')] }],
          },
        ],
      },
    };
    const t = (
      await api.post('/task', {
        title: 'Shared notes',
        group: g.id,
        details: { description_doc: JSON.stringify(doc) },
      })
    ).body.results[0];
    const v = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(v.page, url, viewer, password);
      await openTask(t.id, v.page);
      expect(await editor(v.page).getAttribute('contenteditable')).toBe('false');
      expect(await v.page.getByRole('toolbar', { name: 'Formatting' }).count()).toBe(0);
      const hrefs = await editor(v.page)
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['https://example.com/', 'about:blank']);
      await v.page.getByText('1/1 done').waitFor();
      // Ticking is editing: a viewer's click changes nothing.
      const item = editor(v.page).locator('li', { hasText: 'Read' });
      const at = (await item.boundingBox())!;
      await v.page.mouse.click(at.x + 8, at.y + at.height / 2);
      expect(await item.getAttribute('aria-checked')).toBe('true');
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  }, 120_000);

  it('looks right in light, dark and narrow', async () => {
    await openTask(richId);
    await page.screenshot({ path: join(shots, 'light.png') });
    for (const [name, opts] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, email, password);
        await openTask(richId, b.page);
        await b.page.screenshot({ path: join(shots, `${name}.png`) });
        expect(await violations(b.page)).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 180_000);

  it('is not among the Today route’s first scripts', async () => {
    const load = await loadToday(s.context, url, 1);
    expect(load.jsFiles.length).toBeGreaterThan(0);
    const withEditor = load.jsFiles.filter((f) =>
      /data-lexical-editor|tandem-description/.test(readFileSync(join(dist, f), 'utf8')),
    );
    expect(withEditor).toEqual([]);
  }, 120_000);
});
