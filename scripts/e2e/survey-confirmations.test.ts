/**
 * Decisions D77 in a real browser through the local stack: an affiliate's business planning survey
 * offered at /take-survey?affiliate_id=<code>, answered by a signed-in person who asks on /survey/status
 * for a confirmation by e-mail, opens the mailed link (/survey-confirmation/?confirmation&code) and sees
 * the answers confirmed and the affiliate they came through; signed out, the link asks to sign in. Also
 * the one AI prompt card on /ai-onboarding: its empty-text message and the 503 when no AI is set up.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AI_MESSAGES } from '@tandem/shared/ai/ai';
import { ONBOARDING_MESSAGES } from '@tandem/shared/surveys/ai-onboarding';
import { SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `taker-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-survey-confirmations-shots');

let s: BrowserSession;
let page: Page;
let owner: ReturnType<typeof apiClient>;

beforeAll(async () => {
  const [affiliate] = await Promise.all([
    createUser(env as StackEnv, {
      email: `affiliate-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
    }),
    createUser(env as StackEnv, { email, firstName: 'Tom', password }),
  ]);
  owner = apiClient(url, affiliate.accessToken);
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
});

describe('a business planning survey confirmed by e-mail', () => {
  it('offered by its link, answered, confirmed from the mailed link; the affiliate is shown', async () => {
    const made = await owner.post('/survey', {
      title: 'Business plan check',
      intro: 'Where does your plan stand?',
      kind: 'business-plan',
      questions: [{ type: 'single', prompt: 'Your stage', options: ['Idea', 'Running'], required: true }],
    });
    expect(made.status).toBe(201);
    const code = made.body.id as string;

    await page.goto(`${url}/take-survey?affiliate_id=sv-AAAAAAAAAAAAAAAA`);
    await page.getByText(SURVEY_MESSAGES.noBusinessPlanSurvey).waitFor();

    await page.goto(`${url}/take-survey?affiliate_id=${code}`);
    await page.getByText('Business planning survey').waitFor();
    await page.getByRole('heading', { name: 'Business plan check' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Start the survey' }).click();
    await page.getByRole('radio', { name: 'Running' }).check();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.waitForURL(/\/survey-confirmation\/$/);
    await page.getByRole('link', { name: 'See the status of your answers' }).click();
    await page.getByText('Received').waitFor();

    await page.getByText('You have no confirmations yet.').waitFor();
    const since = new Date();
    await page.getByRole('button', { name: 'E-mail me a confirmation' }).click();
    await page.getByText(`A confirmation was sent to ${email}.`).waitFor();
    const list = page.getByRole('table', { name: 'Your confirmations' });
    await list.getByText('Waiting for you').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'status-confirmation-sent.png'), fullPage: true });

    const mail = await waitForMail(url, { to: email, subjectIncludes: 'Confirm your answers', since });
    const link = /\/survey-confirmation\/\?confirmation=[^\s]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // Signed out, the link asks to sign in first and confirms nothing.
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${url}${link}`);
      await visitor.page.getByText('Sign in as the person the e-mail went to').waitFor();
    } finally {
      await visitor.close();
    }

    await page.goto(`${url}${link}`);
    await page.getByText('Your answers to “Business plan check” are confirmed.').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'confirmed.png'), fullPage: true });

    await page.getByRole('link', { name: 'See the status of your answers' }).click();
    await list.getByText('Confirmed').waitFor();
    await page.getByText('You came through: Business plan check').waitFor();
    expect(await list.getByRole('button', { name: /^Send again/ }).count()).toBe(0);
    // Asking again for the same answers is refused with the server's message.
    await page.getByRole('button', { name: 'E-mail me a confirmation' }).click();
    await page.getByText('These answers have a confirmation already').waitFor();
    await page.screenshot({ path: join(shots, 'status-confirmed.png'), fullPage: true });
  });
});

describe('the AI prompt card', () => {
  it('on /ai-onboarding: the empty text’s message, then the 503 of a stack with no AI', async () => {
    await page.goto(`${url}/ai-onboarding`);
    await page.getByRole('button', { name: 'Suggest groups and tasks' }).click();
    await page.getByText(ONBOARDING_MESSAGES.descriptionRequired).waitFor();
    await page.getByLabel('Your work').fill('Bookshop with a café');
    await page.getByRole('button', { name: 'Suggest groups and tasks' }).click();
    await page.getByRole('alert').getByText(AI_MESSAGES.notConfigured).waitFor();
    expect(await page.getByText(ONBOARDING_MESSAGES.descriptionRequired).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });
});
