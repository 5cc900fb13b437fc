/** The calendar feed's iCalendar text, read back by ical.js (the parser Thunderbird uses). */
import { expandOccurrences, type Schedule } from '@tandem/shared/time/recurrence';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type FeedEvent, toICalendar } from '../../src/core/calendar/icalendar.ts';

const now = new Date('2026-09-01T10:00:00Z');
const event = (schedule: Partial<Schedule>, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  taskId: 't1',
  title: 'Review',
  description: '',
  category: 'Büro',
  schedule: {
    startDate: '2026-12-01T09:00:00Z',
    recurRule: null,
    timezone: 'Europe/Berlin',
    duration: 60,
    ...schedule,
  },
  ...extra,
});

/** As a calendar app reads the feed: bytes over the wire, decoded as UTF-8, then parsed. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(ics, 'utf8').toString('utf8')));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** ical.js's own expansion of a recurring event: local wall-clock start times in `zone`. */
function expand(e: ICAL.Event, until: string, zone: string): string[] {
  const it = e.iterator();
  const out: string[] = [];
  for (let next = it.next(); next; next = it.next()) {
    const start = DateTime.fromJSDate(next.toJSDate()).setZone(zone);
    if (start.toISO()! >= until) break;
    out.push(start.toFormat("yyyy-MM-dd'T'HH:mm"));
  }
  return out;
}

describe('iCalendar text', () => {
  it('folds long lines at 75 octets without breaking characters, and escapes text', () => {
    const title = `Überprüfung der Jahresplanung — ${'ä'.repeat(60)}; Teil 2, Punkt 3\\4`;
    const ics = toICalendar([event({}, { title, description: 'line one\nline two' })], now);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const [e] = parse(ics).events;
    expect(e!.summary).toBe(title);
    expect(e!.description).toBe('line one\nline two');
    expect(e!.startDate.toJSDate().toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('folds an emoji title between characters, so it reads back exactly', () => {
    // Every alignment of four-byte characters against the fold point, and a joined family emoji.
    for (const pad of ['', 'a', 'ab', 'abc']) {
      const title = `${pad}${'🎄'.repeat(40)} done 👩‍👩‍👧 ${'🎉'.repeat(20)}`;
      const ics = toICalendar([event({}, { title })], now);
      expect(ics).not.toContain('\uFFFD');
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(parse(ics).events[0]!.summary).toBe(title);
    }
  });

  it('an all-day task on 12 December in Berlin is on 12 December', () => {
    // Midnight of 12 December in Berlin is 23:00 UTC on the 11th.
    const ics = toICalendar(
      [event({ startDate: '2026-12-11T23:00:00Z', allDay: true, duration: 1440 })],
      now,
    );
    const [e] = parse(ics).events;
    expect(e!.startDate.isDate).toBe(true);
    expect(e!.startDate.toString()).toBe('2026-12-12');
    expect(e!.endDate.toString()).toBe('2026-12-13');
  });

  it('a weekly routine is one event with RRULE, EXDATE, RDATE and TZID, and expands across DST as the API does', () => {
    const schedule: Schedule = {
      // Mondays 09:00 in Berlin, from before the October change to after the March one.
      startDate: '2026-10-05T07:00:00Z',
      recurRule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270412T070000Z',
      timezone: 'Europe/Berlin',
      duration: 45,
      exDate: ['2026-11-02T08:00:00Z'],
      rDate: ['2026-11-04T16:30:00Z'],
    };
    const ics = toICalendar([event(schedule)], now);
    const { calendar, events } = parse(ics);
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e!.isRecurring()).toBe(true);
    const vevent = e!.component;
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(vevent.getFirstProperty('exdate')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(vevent.getFirstProperty('rdate')!.getParameter('tzid')).toBe('Europe/Berlin');
    const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(zones).toEqual(['Europe/Berlin']);

    const until = '2027-05-01T00:00:00Z';
    const api = expandOccurrences(schedule, '2026-10-01T00:00:00Z', until).map((o) =>
      DateTime.fromISO(o.start).setZone('Europe/Berlin').toFormat("yyyy-MM-dd'T'HH:mm"),
    );
    const fromFeed = expand(e!, until, 'Europe/Berlin');
    expect(fromFeed).toEqual(api);
    // Both sides of both changes keep 09:00; the moved and removed occurrences are honoured.
    expect(fromFeed).toContain('2026-10-26T09:00');
    expect(fromFeed).toContain('2027-03-29T09:00');
    expect(fromFeed).toContain('2026-11-04T17:30');
    expect(fromFeed).not.toContain('2026-11-02T09:00');
    expect(fromFeed.filter((d) => !d.endsWith('09:00'))).toEqual(['2026-11-04T17:30']);
    // Each occurrence lasts the schedule's duration.
    const details = e!.getOccurrenceDetails(e!.iterator().next()!);
    expect(details.endDate.subtractDate(details.startDate).toSeconds()).toBe(45 * 60);
  });

  it('a zone without DST and an all-day weekly series read back as the API expands them', () => {
    const tokyo: Schedule = {
      startDate: '2026-09-07T00:30:00Z',
      recurRule: 'FREQ=DAILY;COUNT=5',
      timezone: 'Asia/Tokyo',
      duration: 30,
    };
    const allDay: Schedule = {
      startDate: '2026-10-24T22:00:00Z', // Sunday 25 October, midnight in Berlin (summer time)
      recurRule: 'FREQ=WEEKLY;UNTIL=20261121T230000Z',
      timezone: 'Europe/Berlin',
      duration: 1440,
      allDay: true,
      exDate: ['2026-11-07T23:00:00Z'],
    };
    const { events } = parse(toICalendar([event(tokyo), event(allDay, { taskId: 't2' })], now));
    const until = '2027-01-01T00:00:00Z';
    const api = (s: Schedule, fmt: string) =>
      expandOccurrences(s, '2026-09-01T00:00:00Z', until).map((o) =>
        DateTime.fromISO(o.start).setZone(s.timezone).toFormat(fmt),
      );
    expect(expand(events[0]!, until, 'Asia/Tokyo')).toEqual(api(tokyo, "yyyy-MM-dd'T'HH:mm"));
    const days: string[] = [];
    const it = events[1]!.iterator();
    for (let next = it.next(); next; next = it.next()) days.push(next.toString());
    expect(days).toEqual(api(allDay, 'yyyy-MM-dd'));
    expect(days).toEqual(['2026-10-25', '2026-11-01', '2026-11-15', '2026-11-22']);
  });

  it('an invitation names its organizer and attendees with their answers, read back by a calendar app', () => {
    const ics = toICalendar(
      [
        event(
          {},
          {
            organizer: { name: 'Ann "the boss" Lee', email: 'ann@example.com' },
            attendees: [
              { email: 'bob@example.com', status: 'pending' },
              { email: 'cy@example.com', status: 'accepted' },
              { email: 'di@example.com', status: 'refused' },
            ],
          },
        ),
      ],
      now,
    );
    const v = parse(ics).events[0]!.component;
    const organizer = v.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:ann@example.com');
    expect(organizer.getParameter('cn')).toBe('Ann the boss Lee');
    expect(
      v.getAllProperties('attendee').map((a) => [a.getFirstValue(), a.getParameter('partstat')]),
    ).toEqual([
      ['mailto:bob@example.com', 'NEEDS-ACTION'],
      ['mailto:cy@example.com', 'ACCEPTED'],
      ['mailto:di@example.com', 'DECLINED'],
    ]);
    // A feed event without them names nobody.
    expect(toICalendar([event({})], now)).not.toMatch(/ORGANIZER|ATTENDEE/);
  });
});
