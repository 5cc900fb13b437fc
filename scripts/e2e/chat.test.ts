/**
 * Chat per task in two real browsers (issue 12, decisions D38): A and B share a group and a task. A
 * writes in the task's chat (Enter sends; an empty message is not sent; Shift+Enter is a new line); B,
 * on Today, sees the unread dot beside Chat in the sidebar without reloading, opens /chat, sees the
 * chat marked unread, opens it, reads the message, and the marks go.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { waitForLiveSockets } from '../src/testing/live-sockets.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const aEmail = `chat-a-${randomUUID().slice(0, 8)}@example.com`;
const bEmail = `chat-b-${randomUUID().slice(0, 8)}@example.com`;
/** Where screenshots go when asked for (CHAT_SHOTS=dir), to look at light, dark and narrow. */
const shots = process.env.CHAT_SHOTS;
let a: BrowserSession;
let b: BrowserSession;
let taskId: string;
let groupId: string;
let apiA: ReturnType<typeof apiClient>;
let apiB: ReturnType<typeof apiClient>;
const title = `Chat about ${randomUUID().slice(0, 6)}`;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

beforeAll(async () => {
  const userA = await createUser(env as StackEnv, { email: aEmail, firstName: 'Ada', password });
  const userB = await createUser(env as StackEnv, { email: bEmail, firstName: 'Bo', password });
  const api = apiClient(url, userA.accessToken);
  apiA = api;
  apiB = apiClient(url, userB.accessToken);
  groupId = (await newGroup(api)).id;
  await addMember(api, groupId, { email: bEmail }, 5);
  const r = await api.post('/task', { title, group: groupId });
  expect(r.status).toBe(201);
  taskId = r.body.results[0].id;
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([signIn(a.page, url, aEmail, password), signIn(b.page, url, bEmail, password)]);
  await Promise.all([a, b].map((s) => s.page.getByRole('region', { name: 'Today', exact: true }).waitFor()));
  await waitForLiveSockets([userA.userId, userB.userId]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('chat', () => {
  it("A writes in the shared task's chat; B sees the unread mark without reloading, opens the chat and reads it", async () => {
    await a.page.goto(`${url}/chat?task=${taskId}`);
    const panel = a.page.getByTestId('chat-panel');
    await panel.getByRole('link', { name: title }).waitFor();
    const input = panel.getByRole('textbox', { name: 'Message' });
    const messages = panel.getByTestId('chat-message');

    // Empty is not sent.
    await input.press('Enter');
    // Shift+Enter is a new line, Enter sends.
    await input.fill('Hello Bo,');
    await input.press('Shift+Enter');
    await input.pressSequentially('see https://example.com/plan');
    expect(await input.inputValue()).toBe('Hello Bo,\nsee https://example.com/plan');
    const navigations = { b: 0 };
    b.page.on('framenavigated', () => navigations.b++);
    await input.press('Enter');
    await messages.filter({ hasText: 'Hello Bo,' }).waitFor();
    // The list may show the message a moment before the send's answer empties the input.
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await messages.count()).toBe(1);
    // The link is clickable, the rest is text.
    expect(
      await messages.first().getByRole('link', { name: 'https://example.com/plan' }).getAttribute('href'),
    ).toBe('https://example.com/plan');

    // B, on Today, sees the mark in the sidebar without a reload.
    const dot = b.page.getByTestId('chat-unread-dot');
    await dot.waitFor({ timeout: 20_000 });
    expect(navigations.b).toBe(0);

    await b.page.getByRole('link', { name: /^Chat/ }).click();
    const item = b.page.getByTestId('chat-list-item').filter({ hasText: title });
    await item.waitFor();
    const bPanel = b.page.getByTestId('chat-panel');
    await bPanel.getByTestId('chat-message').filter({ hasText: 'see https://example.com/plan' }).waitFor();
    // Opening it reads it: the list's mark and the sidebar's dot go.
    await expect.poll(() => item.getAttribute('data-unread'), { timeout: 20_000 }).toBeNull();
    await dot.waitFor({ state: 'detached', timeout: 20_000 });
    // B may not edit A's message.
    expect(await bPanel.getByRole('button', { name: 'Message actions' }).count()).toBe(0);
    expect(b.errors).toEqual([]);
    expect(a.errors).toEqual([]);

    // The header's title leads to the task; its modal has the messages tab with the same chat.
    await bPanel.getByRole('link', { name: title }).click();
    await b.page.waitForURL(`**/task/${taskId}`);
    await b.page.getByRole('tab', { name: 'Messages' }).click();
    await b.page
      .getByTestId('chat-panel')
      .getByTestId('chat-message')
      .filter({ hasText: 'Hello Bo,' })
      .waitFor();
    await shot(b.page, 'chat-task-tab');
    await b.page.goto(`${url}/chat?task=${taskId}`);
    await bPanel.getByTestId('chat-message').first().waitFor();

    await shot(b.page, 'chat-light');
    expect(await violations(b.page)).toEqual([]);
    await b.page.emulateMedia({ colorScheme: 'dark' });
    await shot(b.page, 'chat-dark');
    expect(await violations(b.page)).toEqual([]);
    await b.page.setViewportSize({ width: 390, height: 800 });
    // The sidebar slides away on a narrow screen.
    await b.page.waitForTimeout(800);
    await shot(b.page, 'chat-narrow');
  });

  it("A edits and deletes their message from its menu; B's open chat follows live", async () => {
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await b.page.goto(`${url}/chat?task=${taskId}`);
    const aPanel = a.page.getByTestId('chat-panel');
    const bPanel = b.page.getByTestId('chat-panel');
    await bPanel.getByTestId('chat-message').first().waitFor();
    const mine = aPanel.getByTestId('chat-message').filter({ hasText: 'Hello Bo,' });
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = aPanel.getByRole('textbox', { name: 'Edit the message' });
    await edit.fill('Hello again, Bo');
    await edit.press('Enter');
    await bPanel
      .getByTestId('chat-message')
      .filter({ hasText: 'Hello again, Bo' })
      .waitFor({ timeout: 20_000 });
    expect(await bPanel.getByTestId('chat-message').first().textContent()).toContain('edited');

    await aPanel.getByRole('button', { name: 'Message actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await bPanel
      .getByTestId('chat-message')
      .filter({ hasText: 'Message has been deleted' })
      .waitFor({ timeout: 20_000 });
    // A tombstone has no actions, even for its author.
    await aPanel.getByTestId('chat-message').filter({ hasText: 'Message has been deleted' }).waitFor();
    expect(await aPanel.getByRole('button', { name: 'Message actions' }).count()).toBe(0);
  });

  it("a message written while B's page starts, before its live connection, shows once it connects", async () => {
    // B's live connection is held back (its code is not answered yet), as on a slow start: the page reads
    // the chat, then A writes, then the connection opens. The server had no socket of B's to tell.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let asked = false;
    await b.page.route('**/assets/live-updates-*.js', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    try {
      await b.page.goto(`${url}/chat?task=${taskId}`);
      const bPanel = b.page.getByTestId('chat-panel');
      await bPanel.getByTestId('chat-message').first().waitFor();
      await expect.poll(() => asked, { timeout: 20_000 }).toBe(true);
      const text = `Written while Bo's page starts ${randomUUID().slice(0, 4)}`;
      expect((await apiA.post(`/chat/${taskId}/message`, { message: text })).status).toBe(201);
      // A's open chat (connected) hears it: the event has gone out, and B had no socket to hear it.
      await a.page.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: text }).waitFor({
        timeout: 20_000,
      });
      expect(await bPanel.getByTestId('chat-message').filter({ hasText: text }).count()).toBe(0);
      release();
      await bPanel.getByTestId('chat-message').filter({ hasText: text }).waitFor({ timeout: 20_000 });
    } finally {
      release();
      await b.page.unroute('**/assets/live-updates-*.js');
    }
  });

  it('a long chat shows its newest page and loads older messages as it is scrolled to the top', async () => {
    const t = await apiA.post('/task', { title: `Long chat ${randomUUID().slice(0, 4)}`, group: groupId });
    const id = t.body.results[0].id as string;
    // 40 messages from two people (each well under the flood limit).
    for (let i = 0; i < 40; i++) {
      const r = await (i % 2 ? apiB : apiA).post(`/chat/${id}/message`, { message: `Line ${i}` });
      expect(r.status).toBe(201);
    }
    await b.page.goto(`${url}/chat?task=${id}`);
    const panel = b.page.getByTestId('chat-panel');
    const messages = panel.getByTestId('chat-message');
    await messages.filter({ hasText: 'Line 39' }).waitFor();
    expect(await messages.count()).toBe(30);
    expect(await messages.first().textContent()).toContain('Line 10');
    const viewport = panel.locator('.mantine-ScrollArea-viewport');
    // Opened at its newest message, then scrolled to the top by the reader.
    await expect.poll(() => viewport.evaluate((el) => el.scrollTop > 0)).toBe(true);
    await viewport.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => messages.count(), { timeout: 20_000 }).toBe(40);
    expect(await messages.first().textContent()).toContain('Line 0');
  });
});
