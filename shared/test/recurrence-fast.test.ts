/**
 * The fast expansion (a daily or weekly rule restarted near the window, offsets taken once per zone
 * and day) gives exactly what stepping from the first occurrence with Luxon on every date gives: a
 * property test over zones with DST changes (Casablanca's included), rules, intervals, starts years
 * back, windows across DST changes, exdates and rdates.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import * as rrule from 'rrule';
import { describe, expect, it } from 'vitest';
import { expandOccurrences, ruleFor, type Schedule, toFloating } from '../src/time/recurrence.ts';

const { RRule } = ('RRule' in rrule ? rrule : Reflect.get(rrule, 'default')) as typeof rrule;

/** The plain way: every step from DTSTART, each wall time placed in its zone by Luxon. */
function reference(s: Schedule, from: string, to: string): string[] {
  const zone = s.timezone;
  const iso = (dt: DateTime) => dt.toUTC().toISO({ suppressMilliseconds: true })!;
  const winFrom = DateTime.fromISO(from, { setZone: true });
  const winTo = DateTime.fromISO(to, { setZone: true });
  const excluded = new Set((s.exDate ?? []).map((d) => iso(DateTime.fromISO(d, { setZone: true }))));
  const starts = new Set<string>();
  const rule = ruleFor(s)!;
  const all = new RRule({ ...rule.origOptions }).between(
    toFloating(winFrom.setZone(zone).minus({ days: 1 })),
    toFloating(winTo.setZone(zone).plus({ days: 1 })),
    true,
  );
  for (const d of all)
    starts.add(
      iso(
        DateTime.fromObject(
          {
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
            hour: d.getUTCHours(),
            minute: d.getUTCMinutes(),
            second: d.getUTCSeconds(),
          },
          { zone },
        ),
      ),
    );
  for (const r of s.rDate ?? []) starts.add(iso(DateTime.fromISO(r, { setZone: true })));
  return [...starts]
    .filter((st) => !excluded.has(st))
    .map((st) => DateTime.fromISO(st, { setZone: true }))
    .filter((dt) => dt >= winFrom && dt < winTo)
    .sort((a, b) => a.toMillis() - b.toMillis())
    .map(iso);
}

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Africa/Casablanca',
  'Asia/Kolkata',
  'UTC',
];
const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU',
  'FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=SA,SU',
  'FREQ=DAILY;COUNT=400',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=DAILY;UNTIL=20270301T000000Z',
];

describe('fast expansion', () => {
  it('equals stepping from the first occurrence', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...RULES),
        fc.integer({ min: 0, max: 900 }), // days from the start to the window
        fc.integer({ min: 0, max: 95 }), // quarter hours of the start time
        fc.integer({ min: 1, max: 40 }), // window length in days
        fc.integer({ min: -200, max: 200 }), // window start, days from 2026-11-25
        fc.boolean(),
        (zone, recurRule, back, quarter, span, shift, extras) => {
          const windowStart = DateTime.fromISO('2026-11-25T00:00:00Z').plus({ days: shift });
          const start = windowStart
            .setZone(zone)
            .minus({ days: back })
            .startOf('day')
            .plus({ minutes: quarter * 15 });
          const from = windowStart.toISO()!;
          const to = windowStart.plus({ days: span }).toISO()!;
          const s: Schedule = {
            startDate: start.toISO()!,
            recurRule,
            timezone: zone,
            duration: 45,
            ...(extras
              ? {
                  exDate: reference(
                    { startDate: start.toISO()!, recurRule, timezone: zone, duration: 45 },
                    from,
                    to,
                  ).slice(0, 2),
                  rDate: [windowStart.plus({ hours: 5 }).toISO()!],
                }
              : {}),
          };
          expect(expandOccurrences(s, from, to).map((o) => o.start)).toEqual(reference(s, from, to));
        },
      ),
      { numRuns: 400 },
    );
    // 400 runs against the Luxon reference: about 4 s on a quiet machine, more on a shared one.
  }, 30_000);
});
