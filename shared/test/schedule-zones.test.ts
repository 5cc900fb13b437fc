/**
 * The schedule rules that read days and times in a zone (shared/src/time/schedule.ts) give what they
 * gave with Luxon before D61 moved them to the platform's Intl: each is checked against its Luxon
 * version over zones with clock changes (a half-hour one, one at midnight, southern ones), on the days
 * of the changes and at every hour around them. One place where they differ on purpose: a zone whose
 * clock goes back at midnight (Havana) has its hour after midnight twice, and Luxon put the first of
 * them on the day before; the calendar day of the instant is what counts now.
 */
import { DateTime } from 'luxon';
import { describe, expect, test } from 'vitest';
import {
  buildRecurRule,
  endOfDay,
  priorityGroupForSchedule,
  sameDay,
  startTooEarly,
} from '../src/time/schedule.ts';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Africa/Casablanca',
  'Asia/Kolkata',
];
const DAYS = [
  '2026-02-15',
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-09-06',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-07-01',
];

/** The Luxon versions, as schedule.ts had them. */
const luxon = {
  endOfDay: (date: string, zone: string) =>
    DateTime.fromISO(date, { zone })
      .set({ hour: 23, minute: 59, second: 0, millisecond: 0 })
      .toUTC()
      .toISO({ suppressMilliseconds: true }),
  startTooEarly: (start: string, zone: string, now: Date) =>
    DateTime.fromISO(start, { setZone: true }) <=
    DateTime.fromJSDate(now, { zone }).minus({ days: 1 }).endOf('day'),
  sameDay: (a: string, b: string, zone: string) =>
    DateTime.fromISO(a, { setZone: true })
      .setZone(zone)
      .hasSame(DateTime.fromISO(b, { setZone: true }).setZone(zone), 'day'),
  priorityGroup: (start: string, zone: string, now: Date) =>
    DateTime.fromISO(start, { setZone: true })
      .setZone(zone)
      .hasSame(DateTime.fromJSDate(now, { zone }), 'day')
      ? 0
      : 4,
};

describe('schedule rules in a zone, without Luxon (D61)', () => {
  test('the end of a day, and the UNTIL it gives, are where Luxon put them', () => {
    const wrong: string[] = [];
    for (const zone of ZONES)
      for (const day of DAYS)
        if (endOfDay(day, zone) !== luxon.endOfDay(day, zone)) wrong.push(`${zone} ${day}`);
    expect(wrong).toEqual([]);
    expect(endOfDay('2026-03-29', 'Europe/Berlin')).toBe('2026-03-29T21:59:00Z');
    expect(
      buildRecurRule(
        { frequency: 'daily', interval: 1, end: { kind: 'until', date: '2026-03-29' } },
        'Europe/Berlin',
      ),
    ).toBe('FREQ=DAILY;INTERVAL=1;UNTIL=20260329T215900Z');
  });

  test('too early, same day and Now-or-Scheduled agree with Luxon every three hours around each clock change', () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      for (const day of DAYS) {
        const base = Date.parse(`${day}T00:00:00Z`);
        for (let h = -30; h <= 30; h += 3) {
          const now = new Date(base + h * 3_600_000 + 7 * 60_000);
          for (const k of [-25, -24, -1, 0, 1, 23]) {
            const start = new Date(now.getTime() + k * 3_600_000 - 13 * 60_000).toISOString();
            const got = [
              startTooEarly(start, zone, now),
              sameDay(start, now.toISOString(), zone),
              priorityGroupForSchedule({ recurRule: null, initialDate: null, startDate: start }, zone, now),
            ];
            const want = [
              luxon.startTooEarly(start, zone, now),
              luxon.sameDay(start, now.toISOString(), zone),
              luxon.priorityGroup(start, zone, now),
            ];
            if (got.some((g, i) => g !== want[i]))
              wrong.push(`${zone} now ${now.toISOString()} start ${start}: ${got} ≠ ${want}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  test('an offset in the input does not change the day it falls on in the zone', () => {
    // 23:30 in New York on the 1st is 05:30 on the 2nd in Berlin.
    expect(sameDay('2026-07-01T23:30:00-04:00', '2026-07-02T06:00:00+02:00', 'Europe/Berlin')).toBe(true);
    expect(sameDay('2026-07-01T23:30:00-04:00', '2026-07-02T06:00:00+02:00', 'America/New_York')).toBe(false);
  });

  test('where the clock goes back at midnight, the repeated hour belongs to the new day (Luxon put part of it on the old one)', () => {
    // Havana, 1 November 2026: 01:00 CDT goes back to 00:00 CST, so 00:00–01:00 happens twice.
    const zone = 'America/Havana';
    const firstHalfHour = '2026-11-01T04:30:00Z'; // 00:30 CDT
    const secondHalfHour = '2026-11-01T05:30:00Z'; // 00:30 CST
    const lateOctober31 = '2026-11-01T03:30:00Z'; // 23:30 CDT on the 31st
    expect(sameDay(firstHalfHour, secondHalfHour, zone)).toBe(true);
    expect(sameDay(lateOctober31, secondHalfHour, zone)).toBe(false);
    expect(startTooEarly(firstHalfHour, zone, new Date(secondHalfHour))).toBe(false);
    expect(startTooEarly(lateOctober31, zone, new Date(secondHalfHour))).toBe(true);
    // Luxon said 22:54 on the 31st was the same day as 00:07 on the 1st (the first 00:07, still CDT).
    expect(sameDay('2026-11-01T02:54:00Z', '2026-11-01T04:07:00Z', zone)).toBe(false);
    expect(
      priorityGroupForSchedule(
        { recurRule: null, initialDate: null, startDate: lateOctober31 },
        zone,
        new Date(secondHalfHour),
      ),
    ).toBe(4);
  });

  test('a zone the platform does not know is never today, never too early, never the same day', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(startTooEarly('2020-01-01T00:00:00Z', 'Mars/Olympus_Mons', now)).toBe(false);
    expect(sameDay(now.toISOString(), now.toISOString(), 'Mars/Olympus_Mons')).toBe(false);
    expect(
      priorityGroupForSchedule(
        { recurRule: null, initialDate: null, startDate: now.toISOString() },
        'Mars/Olympus_Mons',
        now,
      ),
    ).toBe(4);
  });
});
