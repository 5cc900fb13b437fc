/**
 * nextDueHour works with Intl instead of Luxon (docs/decisions.md D35, bundle size): it must give
 * Luxon's answer — the original implementation, kept here as the reference — in every time zone the
 * runtime knows, at every hour around this year's daylight-saving changes and at random instants.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { NORMALIZE_AT_LOCAL_HOUR, nextDueHour } from '../../src/core/schedules/day-hours.ts';

function byLuxon(zone: string, now: Date): string {
  const local = DateTime.fromJSDate(now, { zone });
  let next = local.set({ hour: NORMALIZE_AT_LOCAL_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 });
  return next.toUTC().toFormat("yyyy-MM-dd'T'HH");
}

const zones = Intl.supportedValuesOf('timeZone');

describe('nextDueHour', () => {
  it('is the next 03:00 local, as a UTC hour bucket', () => {
    expect(nextDueHour('Europe/Helsinki', new Date('2026-06-10T12:00:00Z'))).toBe('2026-06-11T00');
    expect(nextDueHour('Europe/Helsinki', new Date('2026-06-10T23:59:59Z'))).toBe('2026-06-11T00');
    expect(nextDueHour('Europe/Helsinki', new Date('2026-06-11T00:00:00Z'))).toBe('2026-06-12T00');
    expect(nextDueHour('UTC', new Date('2026-01-01T02:59:00Z'))).toBe('2026-01-01T03');
    expect(nextDueHour('America/New_York', new Date('2026-03-08T06:30:00Z'))).toBe('2026-03-08T07');
  });

  it("gives Luxon's answer in every zone at every hour around the changes of the clocks", () => {
    // The changes of 2026 in North America (8 March, 1 November), Europe (29 March, 25 October) and
    // the southern hemisphere (5 April, 4 October), from a day before to a day after.
    const starts = ['2026-03-07', '2026-03-28', '2026-04-04', '2026-10-03', '2026-10-24', '2026-10-31'];
    // Zones whose clocks change (their offset in January differs from July's); the others are
    // covered by the random instants below.
    const changing = zones.filter(
      (z) =>
        DateTime.fromISO('2026-01-15', { zone: z }).offset !==
        DateTime.fromISO('2026-07-15', { zone: z }).offset,
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const zone of changing) {
      for (const start of starts) {
        const t0 = Date.parse(`${start}T00:00:00Z`);
        for (let h = 0; h < 48; h++) {
          const now = new Date(t0 + h * 3600_000);
          if (nextDueHour(zone, now) !== byLuxon(zone, now)) wrong.push(`${zone} ${now.toISOString()}`);
          checked++;
        }
      }
    }
    expect(changing.length).toBeGreaterThan(50);
    expect(checked).toBeGreaterThan(10_000);
    expect(wrong).toEqual([]);
  }, 60_000);

  it("gives Luxon's answer at random instants", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date('1990-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        (zone, now) => {
          expect(nextDueHour(zone, now)).toBe(byLuxon(zone, now));
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});
