/**
 * Agendas in a real browser through the local stack (issue 17 item 3; D67): from a scheduled task's
 * agendas tab, design an agenda from a template (a segment added, moved and edited), launch it (the
 * empty segment asks first), run the meeting with its timers, a note and a task made in the meeting,
 * find the time spent recorded after a reload, and export the minutes (the downloaded Markdown read)
 * and the invitation. axe, and screenshots light, dark and narrow (the run's temp folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `agendas-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-agendas-shots');
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Mia', lastName: 'Meeting', password });
  api = apiClient(url, user.accessToken);
  const groups = await api.get('/group/member');
  const group = groups.body.results.find((g: { is_private: boolean }) => g.is_private).id;
  const t = await api.post('/task', { title: 'Weekly sync', group });
  if (t.status !== 201) throw new Error(JSON.stringify(t.body));
  taskId = t.body.results[0].id;
  const sch = await api.patch(`/task/schedule/${taskId}`, {
    start_date: '2030-03-04T09:00:00+01:00',
    duration: 45,
    timezone: 'Europe/Berlin',
  });
  if (sch.status !== 200) throw new Error(JSON.stringify(sch.body));
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const clockOf = async (p: Page, i: number) =>
  Number(await p.getByTestId('meeting-segment').nth(i).getAttribute('data-time-spent'));

describe('agendas', () => {
  it('designs an agenda from a template, runs the meeting, records the time and exports the minutes', async () => {
    // The scheduled task's agendas tab offers the templates.
    await page.goto(`${url}/task/${taskId}`);
    await page.getByRole('tab', { name: 'Agendas' }).click();
    await page.getByRole('link', { name: 'Use template: Team meeting' }).click();
    await page.waitForURL(/\/agenda\/designer\/template\/team-meeting\?task=/);
    const cards = page.getByTestId('segment-card');
    await expect.poll(() => cards.count()).toBe(5);

    // A break added at the end, moved up above the wrap-up; the first segment renamed.
    await page.getByRole('button', { name: 'Add a segment' }).click();
    await page.getByRole('menuitem', { name: 'Break' }).click();
    await expect.poll(() => cards.count()).toBe(6);
    await cards.nth(5).getByRole('button', { name: 'Move up' }).click();
    await cards.nth(0).getByRole('textbox', { name: 'Title' }).fill('Hello everyone');
    await page.screenshot({ path: join(shots, 'designer-light.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save agenda' }).click();
    await page.waitForURL(new RegExp(`/agenda/editor/agenda/${taskId}$`));
    const stored = (await api.get(`/agenda/${taskId}`)).body;
    expect(stored.segments.map((x: { segment_template: string }) => x.segment_template)).toEqual([
      'check-in',
      'update',
      'discussion',
      'action-items',
      'break',
      'wrap-up',
    ]);
    expect(stored.segments[0].title).toBe('Hello everyone');
    expect(stored.template).toBe('team-meeting');

    // Launching with the empty break asks first.
    await page.getByRole('button', { name: 'Launch meeting' }).click();
    const ask = page.getByRole('dialog', { name: 'Launch Agenda?' });
    await ask.getByText('Are you sure you want to launch the agenda with empty segments?').waitFor();
    await ask.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(new RegExp(`/agenda/meeting/${taskId}$`));

    // The meeting: the first segment's clock runs; a note and a task made in the meeting.
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Everyone is here');
    await page.getByRole('textbox', { name: 'Add a note' }).press('Enter');
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Book the room');
    await page.getByRole('button', { name: 'Add as task' }).click();
    await page.getByRole('link', { name: 'Book the room' }).waitFor();
    await expect
      .poll(() => page.getByTestId('meeting-clock').textContent(), { timeout: 10_000 })
      .toMatch(/^0:0[2-9]$/);
    await page.getByRole('button', { name: 'Next segment' }).click();
    await page.waitForTimeout(1_500);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('textbox', { name: 'Meeting notes' }).fill('Decided to meet in room A.');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.screenshot({ path: join(shots, 'meeting-light.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);

    // After a reload the time spent is what the server recorded.
    await expect
      .poll(async () => (await api.get(`/agenda/${taskId}`)).body.notes)
      .toBe('Decided to meet in room A.');
    await page.reload();
    await page.getByTestId('meeting-segment').first().waitFor();
    expect(await clockOf(page, 0)).toBeGreaterThanOrEqual(2);
    expect(await clockOf(page, 1)).toBeGreaterThanOrEqual(1);
    const after = (await api.get(`/agenda/${taskId}`)).body;
    expect(after.segments[0].time_spent).toBe(await clockOf(page, 0));
    expect(after.segments[0].segment_data.map((d: { text: string }) => d.text)).toEqual([
      'Everyone is here',
      'Book the room',
    ]);
    const made = after.segments[0].segment_data[1].task.id as string;
    expect((await api.get(`/task/${made}`)).body.title).toBe('Book the room');

    // The minutes, a real download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export minutes (Markdown)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('team-meeting-minutes.md');
    const md = readFileSync((await download.path())!, 'utf8');
    expect(md).toContain('# Team meeting — minutes');
    expect(md).toContain(`- **Meeting:** [Weekly sync](${url}/task/${taskId})`);
    expect(md).toContain('### 1. Check-in: Hello everyone');
    expect(md).toMatch(/\*0:0[2-9] spent of 5 min planned\*/);
    expect(md).toContain('- Everyone is here');
    expect(md).toContain(`- Book the room → [Book the room](${url}/task/${made})`);
    expect(md).toContain('### 5. Break');
    expect(md).toContain('## Notes\n\nDecided to meet in room A.');

    const [ics] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Invitation (iCalendar)' }).click(),
    ]);
    const cal = readFileSync((await ics.path())!, 'utf8');
    expect(cal).toContain('BEGIN:VCALENDAR');
    expect(cal).toContain('DTSTART;TZID=Europe/Berlin:20300304T090000');
    expect(s.errors).toEqual([]);
  }, 240_000);

  it('shows the agenda in the task’s tab, and the screens look right dark and narrow', async () => {
    for (const [name, opts] of [
      ['light', { width: 1280, height: 900 }],
      ['dark', { width: 1280, height: 900, colorScheme: 'dark' as const }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      const b = await openBrowser(opts);
      try {
        await signIn(b.page, url, email, password);
        await b.page.goto(`${url}/task/${taskId}`);
        await b.page.getByRole('tab', { name: 'Agendas' }).click();
        const panel = b.page.getByTestId('agenda-panel');
        await panel.getByText('Hello everyone').waitFor();
        expect(await panel.getByRole('textbox', { name: 'Meeting Notes' }).isDisabled()).toBe(true);
        await b.page.screenshot({ path: join(shots, `tab-${name}.png`), fullPage: true });
        await b.page.goto(`${url}/agenda/meeting/${taskId}`);
        await b.page.getByTestId('meeting-clock').waitFor();
        await b.page.screenshot({ path: join(shots, `meeting-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        await b.page.goto(`${url}/agenda/editor/agenda/${taskId}`);
        await b.page.getByTestId('segment-card').first().waitFor();
        await b.page.screenshot({ path: join(shots, `editor-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        await b.page.goto(`${url}/agendas`);
        await b.page.getByTestId('agenda-card').first().waitFor();
        await b.page.screenshot({ path: join(shots, `agendas-${name}.png`), fullPage: true });
        expect(await violations(b.page)).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  }, 240_000);

  it('answers a meeting of an agenda the person cannot see with not found', async () => {
    const otherEmail = `other-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(env as StackEnv, { email: otherEmail, firstName: 'Oz', lastName: 'Other', password });
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      await signIn(b.page, url, otherEmail, password);
      await b.page.goto(`${url}/agenda/meeting/${taskId}`);
      await b.page.getByText('This agenda does not exist, or you cannot see it.').waitFor();
    } finally {
      await b.close();
    }
  }, 120_000);
});
