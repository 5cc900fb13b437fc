/**
 * Calendar integrations in a real browser through the local stack (issue 18 item 6; decisions D70):
 * connect Google through its stand-in (the provider's page sends the browser back to /callback/google),
 * sync a calendar with a group and find the scheduled task as an event at the stand-in; a revoked
 * token shows the connection broken with a reconnect action; connect a real Radicale over CalDAV and
 * sync both ways (an event made in Radicale becomes a task, a scheduled task becomes a Radicale event).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Radicale, startRadicale } from '../src/local/calendar-providers/radicale.ts';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `integrations-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-integrations-shots');
const DAY = 86_400_000;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let radicale: Radicale;
let group: string;

const soon = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function scheduledTitles() {
  const from = new Date(Date.now() - DAY).toISOString();
  const to = new Date(Date.now() + 60 * DAY).toISOString();
  const r = await api.get(
    `/task/schedule?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}&group=${group}`,
  );
  return [...new Set(r.body.results.map((o: { title: string }) => o.title))].sort();
}

/** Links the card's first calendar with the Private group, both ways, from today. */
async function syncWithPrivate(card: ReturnType<Page['locator']>, calendarName?: string) {
  if (calendarName) {
    await card.getByLabel('Calendar', { exact: true }).click();
    await page.getByRole('option', { name: calendarName }).click();
  }
  await card.getByLabel('Group', { exact: true }).click();
  await page.getByRole('option', { name: 'Private', exact: true }).click();
  await card.getByRole('button', { name: 'Sync this calendar' }).click();
  await expect.poll(() => card.getByText('Private, from').count()).toBe(1);
}

beforeAll(async () => {
  radicale = await startRadicale();
  const user = await createUser(env as StackEnv, { email, firstName: 'Ida', password });
  api = apiClient(url, user.accessToken);
  group = (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private).id;
  const r = await api.post('/task', {
    title: 'Quarterly review',
    group,
    scheduled_task: { start_date: soon(2, 10).toISOString(), duration: 60, timezone: 'Europe/Berlin' },
  });
  expect(r.status).toBe(201);
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, email, password);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await s?.close();
  await radicale?.stop();
});

describe('calendar integrations in the browser', () => {
  it('connects Google through the provider page and exports a scheduled task as an event', async () => {
    await page.goto(`${url}/integrations`);
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    // The stand-in consents at once and sends the browser to /callback/google, which returns here.
    await page.waitForURL(`${url}/integrations`);
    const card = page
      .getByRole('article')
      .or(page.locator('.mantine-Card-root'))
      .filter({ hasText: 'Google Calendar' });
    await expect.poll(() => card.getByText('Connected').count()).toBe(1);
    await syncWithPrivate(card);
    const connection = (await api.get('/integration/')).body.results.find(
      (c: { provider: string }) => c.provider === 'google',
    );
    const calendar = connection.links[0].calendar as string;
    const events = await (
      await fetch(`${url}/_local/google/control/calendars/${encodeURIComponent(calendar)}/events`)
    ).json();
    expect(events.map((e: { summary: string }) => e.summary)).toContain('Quarterly review');
    await page.screenshot({ path: join(shots, 'integrations-google.png'), fullPage: true });

    // The person withdraws access at Google: the next sync shows the connection broken, plainly.
    await fetch(`${url}/_local/google/control/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: connection.account }),
    });
    await card.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => card.getByText('Stopped working').count()).toBeGreaterThan(0);
    expect(await card.getByRole('button', { name: 'Reconnect' }).count()).toBe(1);
    await page.screenshot({ path: join(shots, 'integrations-broken.png'), fullPage: true });

    // Reconnect asks the provider for this account (login_hint, D83): the same connection is repaired,
    // not a second one made for whichever account the provider would have picked.
    await card.getByRole('button', { name: 'Reconnect' }).click();
    await page.waitForURL(`${url}/integrations`);
    await expect.poll(() => card.getByText('Connected').count()).toBe(1);
    const google = (await api.get('/integration/')).body.results.filter(
      (c: { provider: string }) => c.provider === 'google',
    );
    expect(google.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [connection.id, 'active'],
    ]);
  });

  it('syncs with Radicale both ways', async () => {
    const calendar = await radicale.makeCalendar('Home');
    const start = soon(3, 7);
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:piano-1',
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 45 * 60_000))}`,
      'SUMMARY:Piano lesson',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(
      (await radicale.request('PUT', `${calendar}piano.ics`, ics, { 'content-type': 'text/calendar' }))
        .status,
    ).toBe(201);

    await page.getByRole('button', { name: 'Connect a CalDAV calendar' }).click();
    const form = page.getByRole('form', { name: 'Connect a CalDAV calendar' });
    await form.getByLabel('Server address').fill(radicale.url);
    await form.getByLabel('User name').fill(radicale.username);
    await form.getByLabel('App password').fill(radicale.password);
    await form.getByRole('button', { name: 'Connect' }).click();
    const card = page.locator('.mantine-Card-root').filter({ hasText: 'CalDAV (Apple, self-hosted)' });
    await expect.poll(() => card.getByText('Connected').count()).toBe(1);
    await syncWithPrivate(card, 'Home');

    // Radicale's event is a task of the group; the group's scheduled task is an event in Radicale.
    expect(await scheduledTitles()).toEqual(['Piano lesson', 'Quarterly review']);
    const report = await radicale.request(
      'REPORT',
      calendar,
      '<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>',
      { depth: '1', 'content-type': 'application/xml' },
    );
    const summaries = [...(await report.text()).matchAll(/SUMMARY:([^\r\n]*)/g)].map((m) => m[1]).sort();
    expect(summaries).toEqual(['Piano lesson', 'Quarterly review']);
    await page.screenshot({ path: join(shots, 'integrations-caldav.png'), fullPage: true });
    // axe, once the toasts are gone (their close button has no name: the shell's, noted in D58).
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 }).toBe(0);
    expect(await violations(page)).toEqual([]);
  });
});
