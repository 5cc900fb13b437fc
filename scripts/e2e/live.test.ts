/**
 * Live updates in two real browsers (issue 12): A and B are signed in, each in a browser context of
 * their own, both on Today. A makes a task in their shared group and gives it to B; it appears on B's
 * Today, and on A's lists, without a reload — the table's stream, the consumer, the socket and the SWR
 * revalidation, end to end. Then A renames it and B's row follows.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { waitForLiveSockets } from '../src/testing/live-sockets.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const aEmail = `live-a-${randomUUID().slice(0, 8)}@example.com`;
const bEmail = `live-b-${randomUUID().slice(0, 8)}@example.com`;
let a: BrowserSession;
let b: BrowserSession;
let api: ReturnType<typeof apiClient>;
let groupId: string;
let bUserId: string;

const todayRow = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Today', exact: true }).getByRole('listitem').filter({ hasText: title });

beforeAll(async () => {
  const userA = await createUser(env as StackEnv, { email: aEmail, firstName: 'Ada', password });
  const userB = await createUser(env as StackEnv, { email: bEmail, firstName: 'Bo', password });
  bUserId = userB.userId;
  api = apiClient(url, userA.accessToken);
  groupId = (await newGroup(api)).id;
  await addMember(api, groupId, { email: bEmail }, 5);
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([signIn(a.page, url, aEmail, password), signIn(b.page, url, bEmail, password)]);
  // Both on Today, with their live sockets connected (the server knows them) before the change.
  await Promise.all([a, b].map((s) => s.page.getByRole('region', { name: 'Today', exact: true }).waitFor()));
  await waitForLiveSockets([userA.userId, userB.userId]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('live updates', () => {
  it("A's new task in the shared group appears on B's Today and on A's without a reload", async () => {
    const title = `Live ${randomUUID().slice(0, 6)}`;
    const navigations = { a: 0, b: 0 };
    a.page.on('framenavigated', () => navigations.a++);
    b.page.on('framenavigated', () => navigations.b++);

    const r = await api.post('/task', {
      title,
      group: groupId,
      task_assignees: [{ user: bUserId, role: 5 }],
    });
    expect(r.status).toBe(201);

    await todayRow(b.page, title).waitFor({ timeout: 20_000 });
    // A keeps it on their own lists (in whichever panel the creator's copy goes).
    await a.page.getByRole('listitem').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
    expect(navigations).toEqual({ a: 0, b: 0 });

    const renamed = `${title} (renamed)`;
    expect((await api.patch(`/task/${r.body.results[0].id}`, { title: renamed })).status).toBe(200);
    await todayRow(b.page, renamed).waitFor({ timeout: 20_000 });
    expect(navigations).toEqual({ a: 0, b: 0 });
    expect(b.errors).toEqual([]);
  });

  it('shows a quiet badge while the connection is down, and reconnects on its own', async () => {
    expect(await b.page.getByTestId('live-status').count()).toBe(0);
    const { connectionsOf } = await import('@tandem/functions/core/ws/connections');
    const [before] = (await connectionsOf([bUserId])).get(bUserId) ?? [];
    expect(before).toBeDefined();
    // The server closes B's socket (as API Gateway does after 2 hours, or on a deploy).
    const r = await fetch(`${url}/@connections/${encodeURIComponent(before!)}`, { method: 'DELETE' });
    expect(r.status).toBe(204);
    const badge = b.page.getByTestId('live-status');
    await badge.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await badge.textContent()).toContain('Offline: reconnecting');
    await badge.waitFor({ state: 'detached', timeout: 20_000 });
    const after = (await connectionsOf([bUserId])).get(bUserId) ?? [];
    expect(after).not.toContain(before);
    expect(after).toHaveLength(1);
  });
});
