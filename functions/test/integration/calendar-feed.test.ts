/** The private calendar feed: parses with ical.js and lists the same occurrences the API returns. */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, person, stack } from './support.ts';

const { feedWindow } = await import('../../src/core/calendar-feed.ts');

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}

describe('calendar feed', () => {
  it('lists, in iCalendar, the occurrences GET /task/schedule answers for the same window', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const make = async (title: string, schedule: Record<string, unknown>) => {
      const t = (
        await ann.api.post('/task', {
          title,
          group,
          details: { description: 'Notes; with, punctuation', flag: 3 },
        })
      ).body.results[0];
      await ann.api.patch(`/task/schedule/${t.id}`, schedule);
    };
    const start = DateTime.now()
      .setZone('America/New_York')
      .plus({ days: 2 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    await make('Weekly review, team', {
      start_date: start.toISO(),
      recur_rule: 'FREQ=WEEKLY;COUNT=6',
      duration: 45,
      timezone: 'America/New_York',
    });
    await make('Holiday', {
      start_date: start.plus({ days: 3 }).startOf('day').toISO(),
      all_day: true,
      duration: 1440,
      timezone: 'America/New_York',
    });

    const feed = await ann.api.post('/user/calendar-feed');
    expect(feed.status).toBe(201);
    const url = new URL(feed.body.url);
    const res = await fetch(`${stack.url}${url.pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const ics = await res.text();

    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const window = feedWindow(new Date());
    const api = await ann.api.get(
      `/task/schedule?start_date=${encodeURIComponent(window.startDate)}&end_date=${encodeURIComponent(window.endDate)}`,
    );
    expect(events).toHaveLength(api.body.count);
    const fromFeed = events
      .filter((e) => !e.startDate.isDate)
      .map((e) => e.startDate.toJSDate().toISOString().replace('.000', ''))
      .sort();
    const fromApi = api.body.results
      .filter((o: { all_day: boolean }) => !o.all_day)
      .map((o: { start: string }) => o.start)
      .sort();
    expect(fromFeed).toEqual(fromApi);
    expect(events.find((e) => e.summary === 'Weekly review, team')?.description).toBe(
      'Notes; with, punctuation',
    );
    expect(events.filter((e) => e.startDate.isDate).map((e) => e.summary)).toEqual(['Holiday']);
  });

  it('a new feed revokes the old URL; revoking ends the feed', async () => {
    const ann = await person('Ann');
    const first = new URL((await ann.api.post('/user/calendar-feed')).body.url);
    const second = new URL((await ann.api.post('/user/calendar-feed')).body.url);
    expect((await fetch(`${stack.url}${first.pathname}`)).status).toBe(404);
    expect((await fetch(`${stack.url}${second.pathname}`)).status).toBe(200);
    expect((await ann.api.delete('/user/calendar-feed')).status).toBe(204);
    expect((await fetch(`${stack.url}${second.pathname}`)).status).toBe(404);
    expect((await ann.api.delete('/user/calendar-feed')).status).toBe(404);
  });
});
