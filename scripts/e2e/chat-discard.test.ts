/**
 * The task modal's messages tab asks before discarding an unsent message (spec 000 §2; decisions D46)
 * — the same question the task form asks when closed with changes: leaving the tab for another, or
 * closing the modal, with text typed. Keep editing keeps the text; Discard leaves. Nothing typed:
 * nothing asked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { privateGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `chat-discard-${randomUUID().slice(0, 8)}@example.com`;
let s: BrowserSession;

let taskId: string;

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Ada', password });
  const api = apiClient(url, user.accessToken);
  const r = await api.post('/task', { title: 'Discard test', group: await privateGroup(api) });
  expect(r.status).toBe(201);
  taskId = r.body.results[0].id;
  s = await openBrowser();
  await signIn(s.page, url, email, password);
});

afterAll(async () => {
  await s?.close();
});

describe('the messages tab', () => {
  it('asks to discard unsent text when left for another tab or closed; nothing typed, nothing asked', async () => {
    const { page } = s;
    await page.goto(`${url}/task/${taskId}`);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    const input = () => page.getByTestId('chat-panel').getByRole('textbox', { name: 'Message' });

    // Nothing typed: the tabs change at once.
    await tab('Messages').click();
    await input().waitFor();
    await tab('Task').click();
    await expect.poll(() => tab('Task').getAttribute('aria-selected')).toBe('true');
    expect(await question.count()).toBe(0);

    // Typed: leaving asks; Cancel keeps the tab and the text.
    await tab('Messages').click();
    await input().fill('Half a thought');
    await tab('Task').click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await tab('Messages').getAttribute('aria-selected')).toBe('true');
    expect(await input().inputValue()).toBe('Half a thought');

    // Discard: the other tab shows, and the text is gone.
    await tab('Attachments').click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => tab('Attachments').getAttribute('aria-selected')).toBe('true');
    await tab('Messages').click();
    expect(await input().inputValue()).toBe('');

    // Closing the task (here docked beside the list) with text typed asks too.
    await input().fill('Another thought');
    await page.getByRole('button', { name: 'Close the task' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await input().inputValue()).toBe('Another thought');
    expect(s.errors).toEqual([]);
  });
});
