/**
 * The private calendar feed, read by ical.js (the parser Thunderbird uses): each scheduled task is one
 * event, a series with its rule and zone, and ical.js's expansion gives the occurrences the API answers.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, person, stack } from './support.ts';

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}

async function scheduledTask(api: Api, title: string, schedule: Record<string, unknown>) {
  const group = await privateGroup(api);
  const t = (
    await api.post('/task', { title, group, details: { description: 'Notes; with, punctuation', flag: 3 } })
  ).body.results[0];
  const r = await api.patch(`/task/schedule/${t.id}`, schedule);
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return t.id as string;
}

/** The feed as a calendar app reads it: fetched over HTTP, parsed by ical.js. */
async function readFeed(api: Api) {
  const feed = await api.post('/user/calendar-feed');
  expect(feed.status).toBe(201);
  const res = await fetch(`${stack.url}${new URL(feed.body.url).pathname}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/** ical.js's expansion of an event: the starts in [from, to), as instants. */
function expand(e: ICAL.Event, from: DateTime, to: DateTime): string[] {
  const it = e.iterator();
  const out: string[] = [];
  for (let next = it.next(); next; next = it.next()) {
    const start = DateTime.fromJSDate(next.toJSDate());
    if (start >= to) break;
    if (start >= from) out.push(start.toUTC().toISO({ suppressMilliseconds: true })!);
  }
  return out;
}

/** The first change of UTC offset in `zone` after `after`, to the hour. */
function nextOffsetChange(zone: string, after: DateTime): DateTime {
  let t = after.setZone(zone);
  while (t.plus({ days: 1 }).offset === t.offset) t = t.plus({ days: 1 });
  while (t.plus({ hours: 1 }).offset === t.offset) t = t.plus({ hours: 1 });
  return t.plus({ hours: 1 });
}

describe('calendar feed', () => {
  it("a weekly routine is one event whose expansion across a DST change gives the API's occurrences", async () => {
    const ann = await person('Ann');
    const zone = 'Europe/Berlin';
    const first = DateTime.now()
      .setZone(zone)
      .plus({ days: 1 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    const id = await scheduledTask(ann.api, 'Weekly review, team', {
      start_date: first.toISO(),
      recur_rule: 'FREQ=WEEKLY',
      duration: 45,
      timezone: zone,
    });
    await scheduledTask(ann.api, 'One-off call', {
      start_date: first.plus({ days: 2, hours: 3 }).toISO(),
      duration: 30,
      timezone: zone,
    });
    const events = await readFeed(ann.api);
    expect(events.map((e) => e.summary).sort()).toEqual(['One-off call', 'Weekly review, team']);
    const weekly = events.find((e) => e.summary === 'Weekly review, team')!;
    expect(weekly.uid).toBe(`${id}@tandem`);
    expect(weekly.isRecurring()).toBe(true);
    expect(weekly.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(zone);
    expect(weekly.description).toBe('Notes; with, punctuation');

    // A window of the API's around the next daylight-saving change, however far ahead it is.
    const change = nextOffsetChange(zone, first);
    const from = change.minus({ days: 30 }).toUTC().startOf('day');
    const to = change.plus({ days: 30 }).toUTC().startOf('day');
    const api = await ann.api.get(
      `/task/schedule?start_date=${encodeURIComponent(from.toISO()!)}&end_date=${encodeURIComponent(to.toISO()!)}`,
    );
    const fromApi = api.body.results
      .filter((o: { task_id: string }) => o.task_id === id)
      .map((o: { start: string }) => o.start);
    expect(fromApi.length).toBeGreaterThanOrEqual(8);
    const fromFeed = expand(weekly, from, to);
    expect(fromFeed).toEqual(fromApi);
    // The same local wall-clock time on both sides of the change.
    const local = fromFeed.map((s) => DateTime.fromISO(s).setZone(zone).toFormat('HH:mm'));
    expect(new Set(local)).toEqual(new Set(['09:00']));
    expect(new Set(fromFeed.map((s) => DateTime.fromISO(s).setZone(zone).offset)).size).toBe(2);
  });

  it('an all-day task on 12 December in Europe/Berlin reads as 12 December', async () => {
    const ann = await person('Ann');
    const zone = 'Europe/Berlin';
    const today = DateTime.now().setZone(zone).startOf('day');
    let day = today.set({ month: 12, day: 12 });
    if (day < today) day = day.plus({ years: 1 });
    await scheduledTask(ann.api, 'Holiday', {
      start_date: day.toISO(),
      all_day: true,
      duration: 1440,
      timezone: zone,
    });
    const [holiday] = await readFeed(ann.api);
    expect(holiday!.startDate.isDate).toBe(true);
    expect(holiday!.startDate.toString()).toBe(day.toISODate());
    expect(holiday!.startDate.toString().endsWith('-12-12')).toBe(true);
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

  it('revoking ends every token, also those created concurrently', async () => {
    const ann = await person('Ann');
    const made = await Promise.all(Array.from({ length: 8 }, () => ann.api.post('/user/calendar-feed')));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect((await ann.api.delete('/user/calendar-feed')).status).toBe(204);
    for (const r of made) {
      expect((await fetch(`${stack.url}${new URL(r.body.url).pathname}`)).status).toBe(404);
    }
  });
});
