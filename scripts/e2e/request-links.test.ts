/**
 * Request links in real browsers through the local stack (issue 18 items 1–3; decisions D68): the
 * owner makes a branded link in the editor (with its live preview); a fresh browser with Chromium's
 * fake microphone opens the public page, records a voice note and sends a request; it reaches the
 * confirmation with the configured texts, the owner finds it in the portal (with the voice note) and
 * the assignee in Today. An unknown link's page says so plainly. Screenshots in the run's temp folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_ABUSE, REQUEST_LINK_MESSAGES } from '@tandem/shared/request-links/constants';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const shots = join(tmpdir(), 'tandem-request-links-shots');
const FAKE_MIC = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

const ownerEmail = `rl-owner-${randomUUID().slice(0, 8)}@example.com`;
const helperEmail = `rl-helper-${randomUUID().slice(0, 8)}@example.com`;
const company = `Acme ${randomUUID().slice(0, 6)}`;
let owner: BrowserSession;
let ownerApi: ReturnType<typeof apiClient>;
let linkId: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const o = await createUser(env as StackEnv, {
    email: ownerEmail,
    firstName: 'Olga',
    lastName: 'Owner',
    password,
  });
  await createUser(env as StackEnv, { email: helperEmail, firstName: 'Hugo', lastName: 'Helper', password });
  const api = apiClient(url, o.accessToken);
  ownerApi = api;
  // The link's tasks go to the owner's default group: one the assignee is a member of.
  const group = (await newGroup(api, 'Service desk')).id;
  await addMember(api, group, { email: helperEmail }, 5);
  expect((await api.patch('/user/config/', { group })).status).toBe(200);
  owner = await openBrowser({ width: 1400, height: 1000 });
  await signIn(owner.page, url, ownerEmail, password);
}, 180_000);
afterAll(async () => {
  await owner?.close();
});

describe('a request link', () => {
  it('is made in the editor, branded, with a live preview', async () => {
    const page = owner.page;
    await page.goto(`${url}/request-links`);
    await page.getByRole('button', { name: 'New request link' }).click();
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Welcome message').fill('Tell us what you need fixed');
    // The group picker lists the owner's groups where they may add tasks (D76).
    await page.getByRole('combobox', { name: 'Group for requests' }).click();
    await page.getByRole('option', { name: 'Service desk' }).click();
    await page.getByLabel('Primary colour').fill('#aa3300');
    // A switch is drawn after the click's state change; under load that can come after Playwright's
    // own check of `check()`, so click and wait for it.
    for (const label of ['Voice notes', 'Urgency', 'Scheduling', 'Only within business hours']) {
      const box = page.getByLabel(label);
      await box.click({ force: true });
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Add assignee' }).click();
    await page.getByLabel('E-mail').fill(helperEmail);
    const preview = page.getByTestId('request-link-preview');
    await expect.poll(() => preview.getByText(company).isVisible()).toBe(true);
    await expect.poll(() => preview.getByText('Record a voice note').isVisible()).toBe(true);
    // Business hours start as Monday to Friday, 9 to 5 (D76).
    const hours = page.getByTestId('request-link-hours');
    expect(await hours.getByLabel('Opens').inputValue()).toBe('09:00');
    expect(await hours.getByRole('checkbox', { name: 'Sat' }).isChecked()).toBe(false);
    expect(await hours.getByRole('checkbox', { name: 'Mon' }).isChecked()).toBe(true);
    await page.screenshot({ path: join(shots, 'editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByTestId('request-link-row').filter({ hasText: company });
    await expect.poll(() => row.isVisible()).toBe(true);
    const href = (await row.getByRole('link').first().getAttribute('href')) ?? '';
    linkId = /\/requests\/(sr-[0-9a-f]{32})$/.exec(href)?.[1] ?? '';
    expect(linkId).not.toBe('');
    await page.screenshot({ path: join(shots, 'list.png') });
  });

  it('takes a request with a voice note from a fresh browser, and confirms it', async () => {
    const visitor = await openBrowser({ width: 800, height: 1100, args: FAKE_MIC });
    try {
      const page = visitor.page;
      const scripts = new Set<string>();
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(`${url}/requests/${linkId}`);
      await expect.poll(() => page.getByRole('heading', { name: company }).isVisible()).toBe(true);
      const formOpened = Date.now();
      expect(await page.getByText('Tell us what you need fixed').isVisible()).toBe(true);
      // Branded: the heading takes the link's colour.
      expect(
        await page.getByRole('heading', { name: company }).evaluate((h) => getComputedStyle(h).color),
      ).toBe('rgb(170, 51, 0)');
      await page.getByLabel('Your name').fill('Rita Requester');
      await page.getByLabel('Your e-mail').fill('rita@example.com');
      await page.getByLabel('Type of request').selectOption('Website Updates');
      await page.getByLabel('Describe your request').fill('The contact page shows the old phone number.');
      await page.getByLabel('Urgent').check();
      await page.getByRole('button', { name: 'Record a voice note' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: /Stop recording \(2s\)/ }).isVisible())
        .toBe(true);
      await page.getByRole('button', { name: /Stop recording/ }).click();
      await expect.poll(() => page.getByLabel('Your voice note').isVisible()).toBe(true);
      await page.screenshot({ path: join(shots, 'public-page.png'), fullPage: true });
      // A form sent sooner than REQUEST_ABUSE.minSubmitMs after it opened is refused (a robot's pace):
      // a person takes longer than this test does on a quiet machine.
      await page.waitForTimeout(Math.max(0, REQUEST_ABUSE.minSubmitMs + 500 - (Date.now() - formOpened)));
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL(/\/request-links-confirmation\?request=/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Thank you for your request!' }).isVisible())
        .toBe(true);
      expect(await page.getByText("We'll review your request within 24 hours").isVisible()).toBe(true);
      await page.screenshot({ path: join(shots, 'confirmation.png') });
      expect(visitor.errors).toEqual([]);
      // Only the page's own script (both pages load it): none of the app's.
      expect([...scripts]).toEqual([expect.stringMatching(/^\/assets\/request-[\w-]+\.js$/)]);
    } finally {
      await visitor.close();
    }
  });

  it('shows the request in the owner’s portal, with the voice note that plays', async () => {
    const page = owner.page;
    await page.goto(`${url}/request-link-portal`);
    const row = page.getByTestId('portal-task').filter({ hasText: 'Rita Requester' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.click();
    await expect
      .poll(() => page.getByText('The contact page shows the old phone number.').isVisible())
      .toBe(true);
    const audio = page.getByTestId('portal-voice-note');
    const duration = await audio.evaluate(
      (a: HTMLAudioElement) =>
        new Promise<number>((ok) => {
          if (a.readyState >= 1) ok(a.duration);
          a.addEventListener('loadedmetadata', () => ok(a.duration), { once: true });
          a.addEventListener('error', () => ok(-1), { once: true });
        }),
    );
    expect(duration === Number.POSITIVE_INFINITY || duration > 0).toBe(true);
    await page.screenshot({ path: join(shots, 'portal-task.png') });
  });

  it('puts the task in the assignee’s Today', async () => {
    const helper = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(helper.page, url, helperEmail, password);
      await expect
        .poll(() => helper.page.getByText('Website Updates — Rita Requester').first().isVisible(), {
          timeout: 30_000,
        })
        .toBe(true);
    } finally {
      await helper.close();
    }
  });

  it('books an appointment within the business hours, and the task is scheduled (D76)', async () => {
    const made = await ownerApi.post('/request-links/', {
      company_name: `${company} bookings`,
      request_config: {
        scheduling_enabled: true,
        scheduling_hours: { timezone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const visitor = await openBrowser({ width: 800, height: 1100, timezoneId: 'Europe/Berlin' });
    try {
      const page = visitor.page;
      await page.goto(`${url}/requests/${made.body.id}`);
      await page.getByLabel('Preferred time').waitFor();
      const formOpened = Date.now();
      expect(
        await page.getByText('Appointments: Mon, Tue, Wed, Thu, Fri 09:00–17:00 (Europe/Berlin)').isVisible(),
      ).toBe(true);
      await page.getByLabel('Your name').fill('Bea Booker');
      await page.getByLabel('Your e-mail').fill('bea@example.com');
      await page.getByLabel('Describe your request').fill('Set up the new mailboxes with me.');
      // Saturday 9 March 2030: refused on the page, before anything is sent.
      await page.getByLabel('Preferred time').fill('2030-03-09T10:00');
      await page.getByLabel('Duration').selectOption({ label: '30 Minutes' });
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('Choose a time within the business hours');
      await page.screenshot({ path: join(shots, 'public-page-hours.png'), fullPage: true });
      // Tuesday 5 March 2030, 10:00 in Berlin.
      await page.getByLabel('Preferred time').fill('2030-03-05T10:00');
      await page.waitForTimeout(Math.max(0, REQUEST_ABUSE.minSubmitMs + 500 - (Date.now() - formOpened)));
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL(/\/request-links-confirmation\?request=/);
      const taskId = new URL(page.url()).searchParams.get('request') ?? '';
      const task = await ownerApi.get(`/task/${taskId}`);
      expect(Date.parse(task.body.scheduled_task.start_date)).toBe(Date.parse('2030-03-05T09:00:00Z'));
      expect(task.body.scheduled_task.duration).toBe(30);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('says plainly when a link does not exist', async () => {
    const visitor = await openBrowser({ width: 800, height: 600 });
    try {
      await visitor.page.goto(`${url}/requests/sr-00000000000000000000000000000000`);
      await expect.poll(() => visitor.page.getByText(REQUEST_LINK_MESSAGES.notFound).isVisible()).toBe(true);
    } finally {
      await visitor.close();
    }
  });
});
