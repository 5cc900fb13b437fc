/**
 * CalDAV integration against a real Radicale (Debian's package; decisions D70): connecting with a
 * server address, user name and app password (sealed at rest), discovering calendars with PROPFIND,
 * syncing both ways with sync-collection and PUT of iCalendar, idempotent re-runs, removals, and a
 * changed password marking the connection broken.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Radicale, startRadicale } from '../../../scripts/src/local/calendar-providers/radicale.ts';
import { type Api, env, newGroup, person } from './support.ts';

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
});

const DAY = 86_400_000;
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function vevent(uid: string, summary: string, start: Date, minutes = 60) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Radicale//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + minutes * 60_000))}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The SUMMARY of every event of the calendar, as Radicale has them. */
async function summaries(calendar: string): Promise<string[]> {
  const r = await radicale.request(
    'REPORT',
    calendar,
    '<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>',
    { depth: '1', 'content-type': 'application/xml' },
  );
  expect(r.status).toBe(207);
  return [...(await r.text()).matchAll(/SUMMARY:([^\r\n]*)/g)].map((m) => m[1]!).sort();
}

async function scheduledTitles(api: Api, group: string) {
  const from = new Date(Date.now() - DAY).toISOString();
  const to = new Date(Date.now() + 60 * DAY).toISOString();
  const r = await api.get(
    `/task/schedule?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}&group=${group}`,
  );
  return [...new Set(r.body.results.map((o: { title: string }) => o.title))].sort();
}

describe('CalDAV (Radicale)', () => {
  it('refuses a wrong password and an unreachable server, keeping nothing', async () => {
    const ann = await person('Ann');
    const wrong = await ann.api.post('/integration/initialize/caldav/', {
      server_url: radicale.url,
      username: radicale.username,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toBe('The CalDAV server refused the user name or password.');
    const nowhere = await ann.api.post('/integration/initialize/caldav/', {
      server_url: 'http://127.0.0.1:9/',
      username: 'x',
      password: 'y',
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors.server_url).toBe('The CalDAV server could not be reached at this address.');
    const notUrl = await ann.api.post('/integration/initialize/caldav/', {
      server_url: 'ftp://x',
      username: 'x',
      password: 'y',
    });
    expect(notUrl.status).toBe(400);
    expect((await ann.api.get('/integration/')).body.results).toEqual([]);
  });

  it('discovers calendars, keeps the app password sealed, and syncs both ways', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const calendar = await radicale.makeCalendar(`Family ${randomUUID().slice(0, 4)}`);
    const start = new Date(Date.now() + 2 * DAY);
    start.setUTCHours(8, 0, 0, 0);
    const put = await radicale.request(
      'PUT',
      `${calendar}swim.ics`,
      vevent('swim-1', 'Swimming lesson', start, 45),
      {
        'content-type': 'text/calendar',
      },
    );
    expect(put.status).toBe(201);
    const taskStart = new Date(start.getTime() + DAY);
    const made = await ann.api.post('/task', {
      title: 'Parents evening',
      group,
      scheduled_task: { start_date: taskStart.toISOString(), duration: 90, timezone: 'Europe/London' },
    });
    expect(made.status).toBe(201);

    const init = await ann.api.post('/integration/initialize/caldav/', {
      server_url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(init.status).toBe(201);
    const found = init.body.calendars.find((c: { id: string }) => c.id === calendar);
    expect(found?.name).toMatch(/^Family /);

    // Sealed at rest with the local key (AES-256-GCM), never the password itself.
    const { IntegrationEntity } = await import('../../src/db/integrations.ts');
    const stored = (await IntegrationEntity.get({ userId: ann.userId, integrationId: init.body.id }).go())
      .data!;
    expect(stored.secret).toMatch(/^local:/);
    expect(stored.secret).not.toContain(radicale.password);
    expect(existsSync(path.join(env.LOCAL_DATA_DIR!, 'integrations.key'))).toBe(true);

    const link = await ann.api.post('/integration/connect/caldav/', {
      integration: init.body.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'both',
    });
    expect(link.status).toBe(201);
    // The screen syncs right after linking (the schedule would, a little later).
    expect((await ann.api.post(`/integration/sync/${init.body.id}/`)).body).toMatchObject({
      imported: 1,
      exported: 1,
    });
    // An event made in Radicale is a task; the task is an event in Radicale.
    expect(await scheduledTitles(ann.api, group)).toEqual(['Parents evening', 'Swimming lesson']);
    expect(await summaries(calendar)).toEqual(['Parents evening', 'Swimming lesson']);
    const sync = async () => {
      for (;;) {
        const r = await ann.api.post(`/integration/sync/${init.body.id}/`);
        if (!r.body.busy) return r;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    expect((await sync()).body).toEqual({ imported: 0, updated: 0, removed: 0, exported: 0, unexported: 0 });

    // Changed and removed in Radicale; renamed here.
    await radicale.request('PUT', `${calendar}swim.ics`, vevent('swim-1', 'Swimming gala', start, 45), {
      'content-type': 'text/calendar',
    });
    await ann.api.patch(`/task/${made.body.results[0].id}`, { title: 'Parents evening (hall)' });
    // (The due sync a rename starts may have written it first: the state is what counts.)
    expect((await sync()).status).toBe(200);
    expect(await scheduledTitles(ann.api, group)).toEqual(['Parents evening (hall)', 'Swimming gala']);
    expect(await summaries(calendar)).toEqual(['Parents evening (hall)', 'Swimming gala']);
    expect((await radicale.request('DELETE', `${calendar}swim.ics`)).status).toBeLessThan(300);
    expect((await sync()).body).toMatchObject({ removed: 1 });
    expect(await scheduledTitles(ann.api, group)).toEqual(['Parents evening (hall)']);
  });

  it('a password that stops working marks the connection broken', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const calendar = await radicale.makeCalendar('Chores');
    const init = await ann.api.post('/integration/initialize/caldav/', {
      server_url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    const id = init.body.id as string;
    await ann.api.post('/integration/connect/caldav/', {
      integration: id,
      calendar,
      start_date: '2030-01-01',
      group,
      direction: 'import',
    });
    // The sealed password is replaced by a wrong one, as when the person revokes the app password.
    const { IntegrationEntity } = await import('../../src/db/integrations.ts');
    const { secretBox } = await import('../../src/core/integrations/secret-box.ts');
    await IntegrationEntity.patch({ userId: ann.userId, integrationId: id })
      .set({ secret: await secretBox().seal('revoked-app-password', { owner: ann.userId, connection: id }) })
      .go();
    expect((await ann.api.post(`/integration/sync/${id}/`)).body.broken).toBe(true);
    expect((await ann.api.get('/integration/initialize/caldav/')).body.results[0].status).toBe('broken');
    // Reconnecting with the right password repairs that connection: same id, its link kept, active.
    const again = await ann.api.post('/integration/initialize/caldav/', {
      server_url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, status: 'active' });
    expect(again.body.links).toHaveLength(1);
    expect((await ann.api.get('/integration/initialize/caldav/')).body.results).toHaveLength(1);
    const repaired = await ann.api.post(`/integration/sync/${id}/`);
    expect(repaired.status).toBe(200);
    expect(repaired.body.broken).toBeFalsy();
  });
});
