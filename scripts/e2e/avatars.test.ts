/**
 * Avatars of other people in two real browsers (issue 13 item 5; decisions D48): B picks a picture in
 * the settings and saves the cut (a 256 px square); A, who delegated a task to B, sees B's picture on
 * the task's row on Today, in the delegated tab and in the task's chat (the message and the header).
 * AVATAR_SHOTS=dir keeps screenshots (light, dark, narrow) to look at.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const aEmail = `avatar-a-${randomUUID().slice(0, 8)}@example.com`;
const bEmail = `avatar-b-${randomUUID().slice(0, 8)}@example.com`;
const shots = process.env.AVATAR_SHOTS;
const title = `Plan with Bo ${randomUUID().slice(0, 6)}`;
const picture = readFileSync(new URL('../../functions/test/unit/avatar-images/300x200.jpg', import.meta.url));

let a: BrowserSession;
let b: BrowserSession;
let bId: string;
let taskId: string;
let apiB: ReturnType<typeof apiClient>;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** The picture an avatar shows once loaded: its link and its natural size. */
const loaded = (img: Locator) =>
  img.evaluate(async (el: HTMLImageElement) => {
    await el.decode().catch(() => null);
    return { src: el.src, w: el.naturalWidth, h: el.naturalHeight };
  });

beforeAll(async () => {
  const userA = await createUser(env as StackEnv, { email: aEmail, firstName: 'Ada', password });
  const userB = await createUser(env as StackEnv, { email: bEmail, firstName: 'Bo', password });
  bId = userB.userId;
  const apiA = apiClient(url, userA.accessToken);
  apiB = apiClient(url, userB.accessToken);
  const groupId = (await newGroup(apiA)).id;
  await addMember(apiA, groupId, { email: bEmail }, 5);
  const r = await apiA.post('/task', { title, group: groupId, task_assignees: [{ user: bId, role: 5 }] });
  expect(r.status).toBe(201);
  taskId = r.body.results[0].id;
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([signIn(a.page, url, aEmail, password), signIn(b.page, url, bEmail, password)]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('avatars', () => {
  it('B saves a picture; A sees it on the delegated task’s row, in the delegated tab and in the chat', async () => {
    await b.page.goto(`${url}/settings?activeTab=profile`);
    await b.page.locator('input[type="file"]').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: picture,
    });
    await b.page.getByTestId('avatar-crop-frame').waitFor();
    await b.page.getByRole('button', { name: 'Save picture' }).click();
    await b.page.getByText('Your profile picture is saved.').waitFor();
    const avatarId = (await apiB.get('/user/config/')).body.avatar.id as string;
    const ofB = new RegExp(`/avatars/${bId}/${avatarId}\\?`);
    expect((await apiB.post(`/chat/${taskId}/message`, { message: 'Here is my picture' })).status).toBe(201);

    // A's row of the task: B's avatar, once the copies have caught up (the stream consumer).
    const row = a.page
      .getByRole('list', { name: 'Today', exact: true })
      .locator(':scope > li')
      .filter({ has: a.page.getByRole('button', { name: `Open ${title}`, exact: true }) });
    const rowAvatar = row.getByRole('group', { name: `Assignees of ${title}`, exact: true }).locator('img');
    await expect
      .poll(
        async () => {
          await a.page.goto(`${url}/`);
          await row.waitFor();
          return (await rowAvatar.count()) > 0 ? ((await rowAvatar.first().getAttribute('src')) ?? '') : '';
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(ofB);
    expect(await loaded(rowAvatar.first())).toMatchObject({ w: 256, h: 256 });
    await shot(a.page, 'today-row-light');

    // The delegated tab: B's section shows B's picture.
    await a.page.getByRole('tab', { name: 'Delegated', exact: true }).click();
    const section = a.page.getByRole('region', { name: 'Bo User', exact: true });
    await section.waitFor();
    expect(await section.locator('img').first().getAttribute('src')).toMatch(ofB);
    await shot(a.page, 'delegated-light');

    // The chat: B's message and the header's viewers.
    await a.page.goto(`${url}/chat?task=${taskId}`);
    const panel = a.page.getByTestId('chat-panel');
    const message = panel.getByTestId('chat-message').filter({ hasText: 'Here is my picture' });
    await message.waitFor();
    const messageImg = message.locator('img').first();
    await messageImg.waitFor();
    expect(await loaded(messageImg)).toMatchObject({ src: expect.stringMatching(ofB), w: 256, h: 256 });
    const viewers = panel.getByRole('group', { name: 'People in this chat' });
    await expect
      .poll(async () =>
        (await viewers.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src))).some(
          (s) => ofB.test(s),
        ),
      )
      .toBe(true);
    await shot(a.page, 'chat-light');
    await a.page.emulateMedia({ colorScheme: 'dark' });
    await shot(a.page, 'chat-dark');
    await a.page.setViewportSize({ width: 390, height: 800 });
    await shot(a.page, 'chat-narrow');
    await a.page.goto(`${url}/`);
    await row.waitFor();
    await shot(a.page, 'today-row-narrow-dark');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
