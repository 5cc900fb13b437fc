import { DateTime } from 'luxon';
import { describe, expect, test } from 'vitest';
import { isoDayIn, wallClockOf } from '../src/time/wall-clock.ts';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
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
