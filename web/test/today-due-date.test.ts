import { describe, expect, it } from 'vitest';
import { daysUntil, isDueTodayIn } from '../src/features/today/utils/due-date.ts';

// 21 Nov 2026, 10:00 in New York (15:00 UTC).
const now = new Date('2026-11-21T15:00:00Z');
const ny = 'America/New_York';

describe('Today due-today count', () => {
  it('counts any time of today, even one already past', () => {
    expect(isDueTodayIn('2026-11-21T06:00:00Z', ny, now)).toBe(true); // 01:00 NY
    expect(isDueTodayIn('2026-11-22T04:30:00Z', ny, now)).toBe(true); // 23:30 NY
  });

  it('does not count yesterday or tomorrow', () => {
    expect(isDueTodayIn('2026-11-20T15:00:00Z', ny, now)).toBe(false);
    expect(isDueTodayIn('2026-11-22T15:00:00Z', ny, now)).toBe(false);
  });

  it('reads the day in the user zone, not in UTC', () => {
    // At 12:00 UTC on the 21st, 03:00 UTC on the 22nd is still the 21st in New York (22:00) but the
    // next day in Tokyo (12:00 on the 22nd, where it is now 21:00 on the 21st).
    const noonUtc = new Date('2026-11-21T12:00:00Z');
    expect(daysUntil('2026-11-22T03:00:00Z', ny, noonUtc)).toBe(0);
    expect(daysUntil('2026-11-22T03:00:00Z', 'Asia/Tokyo', noonUtc)).toBe(1);
  });

  it('counts nothing without a due date or with a broken one', () => {
    expect(isDueTodayIn(null, ny, now)).toBe(false);
    expect(isDueTodayIn('not a date', ny, now)).toBe(false);
  });
});
