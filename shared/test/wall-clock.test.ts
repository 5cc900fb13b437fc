import { DateTime, IANAZone } from 'luxon';
import { describe, expect, test } from 'vitest';
import { isoDayIn, wallClockOf } from '../src/time/wall-clock.ts';
import {
  dateTimeInWords,
  dayOfInstant,
  floatingMs,
  floatingOf,
  instantOfWall,
  zoneOffset,
} from '../src/time/zone-times.ts';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'Africa/Casablanca',
  'America/Santiago',
];

describe('the wall clock of an instant in a zone', () => {
  test('matches Luxon hour by hour across 2026, the clock changes included', () => {
    const start = Date.UTC(2026, 0, 1);
    for (const zone of ZONES) {
      for (let h = 0; h < 365 * 24; h += 7) {
        const date = new Date(start + h * 3_600_000 + 17 * 60_000 + 5_000);
        const l = DateTime.fromJSDate(date, { zone });
        expect(wallClockOf(date, zone), `${zone} ${date.toISOString()}`).toEqual({
          year: l.year,
          month: l.month,
          day: l.day,
          hour: l.hour,
          minute: l.minute,
          second: l.second,
        });
        expect(isoDayIn(date, zone)).toBe(l.toISODate());
      }
    }
  });

  test('a zone the platform does not know throws, so callers can fall back', () => {
    expect(() => wallClockOf(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

/** The days of 2026 on which some zone above changes its clock, and a quiet day. */
const CHANGE_DAYS = [
  '2026-02-15',
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-05-24',
  '2026-09-06',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-07-01',
];

describe('wall times placed in a zone without Luxon (recurrence, D61)', () => {
  test("every quarter hour of the clock-change days lands where Luxon's fromObject puts it, skipped and repeated times included", () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      for (const day of CHANGE_DAYS) {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number];
        // The day before and the day itself: some zones change a day apart.
        for (let q = -4 * 24; q < 4 * 24; q++) {
          const wall = Date.UTC(y, m - 1, d) + q * 15 * 60_000;
          const w = new Date(wall);
          const now = Date.now();
          const luxon = DateTime.fromObject(
            {
              year: w.getUTCFullYear(),
              month: w.getUTCMonth() + 1,
              day: w.getUTCDate(),
              hour: w.getUTCHours(),
              minute: w.getUTCMinutes(),
              second: w.getUTCSeconds(),
            },
            { zone },
          );
          const back = DateTime.fromMillis(wall + 7_123, { zone });
          const got = [
            instantOfWall(wall, zone, now),
            zoneOffset(wall, zone),
            floatingOf(wall + 7_123, zone),
          ];
          const want = [
            luxon.toMillis(),
            IANAZone.create(zone).offset(wall),
            Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute, back.second),
          ];
          if (got.some((g, i) => g !== want[i])) wrong.push(`${zone} ${w.toISOString()}: ${got} ≠ ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  test('a zone or instant the platform does not know gives NaN, not a wrong time', () => {
    expect(instantOfWall(Date.UTC(2026, 0, 1), 'Mars/Olympus_Mons')).toBeNaN();
    expect(zoneOffset(Date.UTC(2026, 0, 1), 'Mars/Olympus_Mons')).toBeNaN();
    expect(floatingOf(Number.NaN, 'Europe/Berlin')).toBeNaN();
    expect(floatingMs({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toBe(
      Date.UTC(2026, 2, 29, 2, 30),
    );
  });
});

describe('an instant in words, and its day, in a zone (e-mails, the calendar; D61)', () => {
  test("reads as Luxon's `cccc d LLLL yyyy, HH:mm '('z')'` in English did", () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      for (let h = 0; h < 365 * 24; h += 97) {
        const at = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000 + 5 * 60_000).toISOString();
        const l = DateTime.fromISO(at, { setZone: true }).setZone(zone).setLocale('en-US');
        const got = [dateTimeInWords(at, zone), dayOfInstant(at, zone)];
        const want = [l.toFormat("cccc d LLLL yyyy, HH:mm '('z')'"), l.toISODate()];
        if (got.some((g, i) => g !== want[i])) wrong.push(`${zone} ${at}: ${got} ≠ ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(dateTimeInWords('2026-03-02T08:00:00Z', 'Europe/Berlin')).toBe(
      'Monday 2 March 2026, 09:00 (Europe/Berlin)',
    );
  });

  test('a bad instant or zone reads "Invalid DateTime" and has no day', () => {
    expect(dateTimeInWords('not a date', 'Europe/Berlin')).toBe('Invalid DateTime');
    expect(dateTimeInWords('2026-03-02T08:00:00Z', 'Mars/Olympus_Mons')).toBe('Invalid DateTime');
    expect(dayOfInstant('2026-03-02T08:00:00Z', 'Mars/Olympus_Mons')).toBeNull();
    expect(dayOfInstant('', 'UTC')).toBeNull();
  });
});
