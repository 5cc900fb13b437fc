/**
 * Issue 18 items 4, 5, 7 and 8 in a real browser through the local stack (decisions D69): a visitor
 * takes a survey by its code without an account and sees its status, the owner sees the results;
 * /ai-onboarding through a local chat-completions server creates the accepted groups and tasks;
 * /download-today lists today's tasks, prints without its buttons and its .ics download holds them;
 * the paywall overlays of spec 002 §4 on the paths it names. Screenshots go to the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AiApi, startAiApi } from '../src/testing/ai-onboarding-api.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `surveys-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-surveys-shots');

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let ai: AiApi;

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Sue', password });
  api = apiClient(url, user.accessToken);
  ai = await startAiApi(env as Record<string, string>);
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
  await ai?.stop();
});

describe('surveys', () => {
  it('a visitor takes a survey by its code, sees its status; the owner sees the results', async () => {
    const made = await api.post('/survey', {
      title: 'Team pulse',
      intro: 'Three quick questions.',
      confirmation: 'Thanks for your answers!',
      questions: [
        { type: 'single', prompt: 'How was your week?', options: ['Good', 'Hard'], required: true },
        { type: 'multiple', prompt: 'What helped?', options: ['Pairing', 'Focus time'] },
        { type: 'scale', prompt: 'Energy', min: 1, max: 5 },
        { type: 'text', prompt: 'Anything else?' },
      ],
    });
    expect(made.status).toBe(201);
    const code = made.body.id as string;

    const visitor = await openBrowser();
    try {
      const v = visitor.page;
      await v.goto(`${url}/survey/status`);
      await v.getByText('No access token found').waitFor();

      await v.goto(`${url}/take-survey`);
      await v.getByLabel('Survey code').fill(code);
      await v.getByRole('button', { name: 'Open survey' }).click();
      await v.getByRole('heading', { name: 'Team pulse' }).waitFor();
      // The required question unanswered: the server's message under it, nothing kept.
      await v.getByRole('button', { name: 'Send answers' }).click();
      await v.getByText('This question needs an answer.').waitFor();
      expect(await violations(v)).toEqual([]);
      await v.getByRole('radio', { name: 'Hard' }).check();
      await v.getByRole('checkbox', { name: 'Focus time' }).check();
      await v.getByText('4', { exact: true }).click();
      await v.getByLabel('Anything else?').fill('More quiet mornings');
      await v.screenshot({ path: join(shots, 'take-survey.png'), fullPage: true });
      expect(await violations(v)).toEqual([]);
      await v.getByRole('button', { name: 'Send answers' }).click();
      await v.waitForURL(/\/survey-confirmation\/$/);
      await v.getByText('Thanks for your answers!').waitFor();
      await v.getByRole('link', { name: 'See the status of your answers' }).click();
      await v.getByText('Received').waitFor();
      const row = (prompt: string) => v.getByRole('row', { name: new RegExp(prompt) });
      expect(await row('How was your week').textContent()).toContain('Hard');
      expect(await row('What helped').textContent()).toContain('Focus time');
      expect(await row('Energy').textContent()).toContain('4');
      await v.screenshot({ path: join(shots, 'survey-status.png'), fullPage: true });
      expect(await violations(v)).toEqual([]);
    } finally {
      await visitor.close();
    }

    await page.goto(`${url}/surveys`);
    await page.getByText('Team pulse').waitFor();
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.getByText('1 response', { exact: true }).first().waitFor();
    await page.getByText('“More quiet mornings”').waitFor();
    await page.getByText('Average 4').waitFor();
    await page.screenshot({ path: join(shots, 'survey-results.png'), fullPage: true });
  });
});

describe('AI onboarding', () => {
  it('suggests groups and tasks through the model; the kept, edited ones are created', async () => {
    // The stack has no AI configured; the suggestion call goes to this worker's API, which asks the
    // local chat-completions server (scripts/src/testing/ai-onboarding-api.ts).
    await page.route('**/api/v1/ai-onboarding/suggestions', async (route) => {
      const req = route.request();
      const res = await fetch(`${ai.url}/api/v1/ai-onboarding/suggestions`, {
        method: 'POST',
        headers: { authorization: req.headers().authorization ?? '', 'content-type': 'application/json' },
        body: req.postData() ?? '',
      });
      await route.fulfill({ status: res.status, contentType: 'application/json', body: await res.text() });
    });
    await page.goto(`${url}/ai-onboarding`);
    await page.getByLabel('Your work').fill('Florist with a market stall');
    await page.getByRole('button', { name: 'Suggest groups and tasks' }).click();
    await page.getByLabel('Keep Florist clients').waitFor();
    // Rename the first group, drop a task from it, add one; leave the second group out.
    await page.getByLabel('Group name').first().fill('Customers');
    await page.getByRole('button', { name: 'Remove task: Send invoices' }).click();
    await page.getByRole('button', { name: 'Add a task' }).first().click();
    await page.getByLabel('Task 2 · Customers').fill('Plan the spring market');
    await page.getByLabel('Keep Florist admin').uncheck();
    await page.screenshot({ path: join(shots, 'ai-onboarding.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the kept groups and tasks' }).click();
    await page.getByText('Created: Customers').waitFor();
    await page.unroute('**/api/v1/ai-onboarding/suggestions');

    const groups = (await api.get('/group/member')).body.results as Array<{ id: string; title: string }>;
    const customers = groups.find((g) => g.title === 'Customers');
    expect(customers).toBeDefined();
    expect(groups.some((g) => g.title === 'Florist admin')).toBe(false);
    const tasks = (await api.get(`/task?group=${customers!.id}`)).body.results.map(
      (t: { title: string }) => t.title,
    );
    expect(tasks.sort()).toEqual(['Call new clients', 'Plan the spring market']);
    expect(ai.chat.requests.at(-1)!.body.messages.at(-1)!.content).toBe('Florist with a market stall');
  });
});

describe('/download-today', () => {
  it('lists today’s tasks, prints without its buttons, and downloads them as .ics', async () => {
    const group = (await api.get('/group/member')).body.results.find(
      (g: { is_private: boolean }) => g.is_private,
    ).id as string;
    for (const title of ['Water the ferns', 'Invoice, then file'])
      expect((await api.post('/task', { title, group, priority_group: 0 })).status).toBe(201);
    await page.goto(`${url}/download-today`);
    const table = page.getByRole('table', { name: 'Today' });
    await table.getByText('Water the ferns').waitFor();
    await table.getByText('Invoice, then file').waitFor();
    const ics = page.getByRole('button', { name: 'Download calendar file (.ics)' });
    await page.emulateMedia({ media: 'print' });
    expect(await ics.isVisible()).toBe(false);
    await page.screenshot({ path: join(shots, 'download-today-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(await ics.isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'download-today.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), ics.click()]);
    expect(download.suggestedFilename()).toMatch(/^today-\d{4}-\d{2}-\d{2}\.ics$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Water the ferns');
    expect(text).toContain('SUMMARY:Invoice\\, then file');

    // Signed out, the page asks to sign in.
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${url}/download-today`);
      await visitor.page.getByText('Sign in to see your Today list.').waitFor();
    } finally {
      await visitor.close();
    }
  });
});

describe('the paywall (spec 002 §4)', () => {
  const sheet = () => page.getByTestId('paywall');
  const set = async (pkg: string, status: string) => {
    const m = await import('@tandem/functions/core/user/subscription-admin');
    await m.setSubscription(email, pkg, status);
  };

  it('standard license: a closable upsell on /templates that leads to /', async () => {
    await set('standard_license', 'active');
    await page.goto(`${url}/templates`);
    await sheet().getByText('Available with the Teams license').waitFor();
    const billing = sheet().getByRole('link', { name: /See plans/ });
    expect(await billing.getAttribute('target')).toBe('_blank');
    await sheet().getByRole('button', { name: 'Back to Today' }).click();
    await page.waitForURL(`${url}/`);
    await expect.poll(() => sheet().getByText('Available with the Teams license').count()).toBe(0);
  });

  it('free license: a non-closable overlay; on hold: a closable one', async () => {
    await set('free_license', 'active');
    await page.goto(`${url}/tasks`);
    await sheet().getByText('Choose a plan to use Tandem').waitFor();
    expect(await sheet().getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await sheet().getByText('Choose a plan to use Tandem').isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'paywall-free.png') });

    await set('teams_license', 'on-hold');
    await page.goto(`${url}/tasks`);
    await sheet().getByText('Your subscription is on hold').waitFor();
    await sheet().getByRole('button', { name: 'Remind me later' }).click();
    await expect.poll(() => sheet().getByText('Your subscription is on hold').count()).toBe(0);

    await set('teams_license', 'active');
    await page.goto(`${url}/templates`);
    await page.getByRole('link', { name: 'Today' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Available with the Teams license').count()).toBe(0);
    expect(await page.getByText('Choose a plan to use Tandem').count()).toBe(0);
  });
});
