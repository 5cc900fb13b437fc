/**
 * A curriculum's own attachments on the curriculum screen, in a real browser through the local stack
 * (spec 002 §7; decisions D72): the author drops two files and adds a video link in "Curriculum
 * materials", reorders the files by keyboard drag; a member of the group reads them through the API and
 * may not add; the author's curriculum counters count them. axe, and a screenshot (the run's temp folder).
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
import { waitForLiveSockets } from '../src/testing/live-sockets.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const authorEmail = `curatt-author-${randomUUID().slice(0, 8)}@example.com`;
const memberEmail = `curatt-member-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-curriculum-attachments-shots');
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let memberApi: ReturnType<typeof apiClient>;
let curriculumId = '';
let memberUserId = '';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const author = await createUser(env as StackEnv, {
    email: authorEmail,
    firstName: 'Cora',
    lastName: 'Author',
    password,
  });
  const member = await createUser(env as StackEnv, {
    email: memberEmail,
    firstName: 'Milo',
    lastName: 'Member',
    password,
  });
  api = apiClient(url, author.accessToken);
  memberApi = apiClient(url, member.accessToken);
  memberUserId = member.userId;
  const g = await api.post('/user/group', { title: `Learning ${randomUUID().slice(0, 6)}` });
  if (g.status !== 201) throw new Error(JSON.stringify(g.body));
  await addMember(api, g.body.id, { email: memberEmail }, 5);
  const c = await api.post('/curriculum', { title: 'Onboarding', group: g.body.id });
  if (c.status !== 201) throw new Error(JSON.stringify(c.body));
  curriculumId = c.body.id;
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, authorEmail, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('the curriculum’s materials', () => {
  it('uploads files and adds a video link for the curriculum; members read them; the author’s counters count them', async () => {
    await page.goto(`${url}/curriculum?id=${curriculumId}`);
    const section = page.getByTestId('curriculum-attachments');
    await section.getByRole('heading', { name: 'Curriculum materials' }).waitFor();
    await section
      .getByTestId('attachments-drop')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'syllabus.txt', mimeType: 'text/plain', buffer: Buffer.from('Week one: tools.') },
        { name: 'diagram.png', mimeType: 'image/png', buffer: PNG },
      ]);
    await expect.poll(() => section.getByTestId('attachment-row').count(), { timeout: 30_000 }).toBe(2);

    await section.getByRole('tab', { name: 'Video links' }).click();
    await section.getByRole('button', { name: 'Add video link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Welcome talk');
    await dialog.getByLabel('URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => section.getByTestId('video-row').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'materials-light.png'), fullPage: true });

    // A member of the group reads them, and may not add.
    const files = (await memberApi.get(`/curriculum/attachment/${curriculumId}?q=file`)).body.results;
    expect(files.map((f: { filename: string }) => f.filename).sort()).toEqual([
      'diagram.png',
      'syllabus.txt',
    ]);
    expect(files.every((f: { curriculum: string; task: null }) => f.curriculum === curriculumId)).toBe(true);
    const videos = (await memberApi.get(`/curriculum/attachment/${curriculumId}?q=video`)).body.results;
    expect(videos).toMatchObject([{ title: 'Welcome talk', file_type: 'video' }]);
    const refused = await memberApi.post('/curriculum/attachment', {
      curriculum: curriculumId,
      title: 'Mine',
      document_url: 'https://vimeo.com/76979871',
    });
    expect(refused.status).toBe(403);

    const limits = (await api.get('/user/subscription/limit?event=curriculumAttachments,taskAttachments'))
      .body.results as Array<{ event: string; current_count: number }>;
    expect(Object.fromEntries(limits.map((l) => [l.event, l.current_count]))).toEqual({
      curriculumAttachments: 3,
      taskAttachments: 0,
    });
  }, 120_000);

  it('a member on the curriculum page sees the author’s new video link without a reload (D83)', async () => {
    const m = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(m.page, url, memberEmail, password);
      await m.page.goto(`${url}/curriculum?id=${curriculumId}`);
      const section = m.page.getByTestId('curriculum-attachments');
      await section.getByRole('tab', { name: 'Video links' }).click();
      const before = (await api.get(`/curriculum/attachment/${curriculumId}?q=video`)).body.results.length;
      await expect.poll(() => section.getByTestId('video-row').count()).toBe(before);
      await waitForLiveSockets([memberUserId]);
      let navigations = 0;
      // The page itself (a video row's preview frame loads on its own).
      m.page.on('framenavigated', (f) => {
        if (f === m.page.mainFrame()) navigations++;
      });
      const r = await api.post('/curriculum/attachment', {
        curriculum: curriculumId,
        title: 'Second talk',
        document_url: 'https://vimeo.com/76979871',
      });
      expect(r.status).toBe(201);
      // The stream's attachments_changed reaches the member's socket; the list reads itself again.
      await expect.poll(() => section.getByTestId('video-row').count(), { timeout: 20_000 }).toBe(before + 1);
      expect(navigations).toBe(0);
      expect(m.errors).toEqual([]);
    } finally {
      await m.close();
    }
  }, 120_000);
});
