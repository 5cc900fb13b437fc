/**
 * No silent overwrites, in two real browsers (issue 12 item 2, D41): A has a task's form open and is
 * typing; B, in a browser context of their own, renames the task and saves. A's form says quietly that
 * the task was changed by someone else; A keeps editing and saves, and is shown B's title beside their
 * own, chooses B's, and saves again: B's title stays, A's description is added.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { waitForLiveSockets } from '../src/testing/live-sockets.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const aEmail = `conflict-a-${randomUUID().slice(0, 8)}@example.com`;
const bEmail = `conflict-b-${randomUUID().slice(0, 8)}@example.com`;
let a: BrowserSession;
let b: BrowserSession;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  const userA = await createUser(env as StackEnv, { email: aEmail, firstName: 'Ada', password });
  const userB = await createUser(env as StackEnv, { email: bEmail, firstName: 'Bo', password });
  api = apiClient(url, userA.accessToken);
  const groupId = (await newGroup(api)).id;
  await addMember(api, groupId, { email: bEmail }, 6);
  const r = await api.post('/task', { title: 'Plan the launch', group: groupId });
  expect(r.status).toBe(201);
  taskId = r.body.results[0].id;
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([signIn(a.page, url, aEmail, password), signIn(b.page, url, bEmail, password)]);
  await waitForLiveSockets([userA.userId, userB.userId]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('an edit over a task that changed meanwhile', () => {
  it("A is told of B's change, and at save is offered B's title beside their own", async () => {
    await a.page.goto(`${url}/task/${taskId}`);
    const aName = a.page.getByLabel('Name', { exact: true });
    await aName.waitFor();
    await aName.fill('Plan the launch (Ada)');
    await a.page.getByLabel('Description').fill('Book the room');

    await b.page.goto(`${url}/task/${taskId}`);
    const bName = b.page.getByLabel('Name', { exact: true });
    await bName.waitFor();
    await bName.fill('Launch plan (Bo)');
    await b.page.getByRole('button', { name: 'Save and close' }).click();
    await bName.waitFor({ state: 'detached', timeout: 20_000 });

    // Live: A's form says so, without touching what A typed.
    const notice = a.page.getByTestId('task-changed-notice');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('This task was changed by someone else');
    expect(await aName.inputValue()).toBe('Plan the launch (Ada)');
    await a.page.screenshot({ path: '/tmp/livemore-notice.png' });
    await notice.getByRole('button', { name: 'Keep editing' }).click();

    // A saves over the old version: 409, and B's title is offered beside A's.
    await a.page.getByRole('button', { name: 'Save and close' }).click();
    const conflict = a.page.getByTestId('task-conflict');
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.getByTestId('theirs-title').textContent()).toBe('Launch plan (Bo)');
    expect(await conflict.getByTestId('mine-title').textContent()).toBe('Plan the launch (Ada)');
    // Only the title was changed by both: the description is A's alone and is not asked about.
    expect(await conflict.getByTestId('theirs-description').count()).toBe(0);
    await a.page.screenshot({ path: '/tmp/livemore-conflict.png' });

    await conflict.locator('[data-field="title"] label').filter({ hasText: 'Theirs' }).click();
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await aName.waitFor({ state: 'detached', timeout: 20_000 });

    const now = (await api.get(`/task/${taskId}`)).body;
    expect(now.title).toBe('Launch plan (Bo)');
    expect(now.task_details.description).toBe('Book the room');
    expect(now.version).toBe(3);
    expect(a.errors).toEqual([]);
  });
});
