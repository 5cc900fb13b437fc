/**
 * A task's rule as Microsoft Graph's patternedRecurrence and back (decisions D75). The property: when a
 * rule is mapped, Graph's pattern (read as Graph documents it, by the small reader below) makes the
 * same days as the rule does in our own expansion (shared/src/time/recurrence.ts), and reading the
 * pattern back gives a rule with the same days again. Rules Graph cannot say are refused (null), so the
 * caller falls back to the first occurrence.
 */
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import { floatingOf } from '@tandem/shared/time/zone-times';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromGraphRecurrence,
  type PatternedRecurrence,
  toGraphRecurrence,
} from '../../src/core/integrations/graph-recurrence.ts';
import { seriesOf, toGraph } from '../../src/core/integrations/microsoft.ts';
import type { OutgoingEvent } from '../../src/core/integrations/provider.ts';

const DAY = 86_400_000;
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const INDEXES = ['first', 'second', 'third', 'fourth'];

/** Graph's series as the wall-clock dates of its occurrences (YYYY-MM-DD), up to `limit` of them or `horizon`. */
function graphDates(r: PatternedRecurrence, horizon: string, limit = 400): string[] {
  const p = r.pattern;
  const start = Date.parse(`${r.range.startDate}T00:00:00Z`);
  const end = Math.min(
    Date.parse(`${horizon}T00:00:00Z`) - DAY,
    r.range.type === 'endDate' ? Date.parse(`${r.range.endDate}T00:00:00Z`) : Number.POSITIVE_INFINITY,
  );
  const max = r.range.type === 'numbered' ? r.range.numberOfOccurrences! : limit;
  const first = new Date(start);
  const firstDay = DAYS.indexOf(p.firstDayOfWeek ?? 'sunday');
  const weekOf = (ms: number) =>
    Math.floor((ms - ((new Date(ms).getUTCDay() - firstDay + 7) % 7) * DAY) / (7 * DAY));
  const months = (d: Date) =>
    (d.getUTCFullYear() - first.getUTCFullYear()) * 12 + d.getUTCMonth() - first.getUTCMonth();
  const nth = (d: Date, index: string | undefined) => {
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    return index === 'last'
      ? d.getUTCDate() + 7 > last
      : Math.ceil(d.getUTCDate() / 7) === INDEXES.indexOf(index ?? 'first') + 1;
  };
  const out: string[] = [];
  for (let t = start; t <= end && out.length < max; t += DAY) {
    const d = new Date(t);
    const days = (p.daysOfWeek ?? []).map((x) => DAYS.indexOf(x));
    let hit = false;
    switch (p.type) {
      case 'daily':
        hit = Math.round((t - start) / DAY) % p.interval === 0;
        break;
      case 'weekly':
        hit = days.includes(d.getUTCDay()) && (weekOf(t) - weekOf(start)) % p.interval === 0;
        break;
      case 'absoluteMonthly':
        hit = d.getUTCDate() === p.dayOfMonth && months(d) % p.interval === 0;
        break;
      case 'relativeMonthly':
        hit = days.includes(d.getUTCDay()) && nth(d, p.index) && months(d) % p.interval === 0;
        break;
      case 'absoluteYearly':
        hit =
          d.getUTCMonth() + 1 === p.month &&
          d.getUTCDate() === p.dayOfMonth &&
          (d.getUTCFullYear() - first.getUTCFullYear()) % p.interval === 0;
        break;
      case 'relativeYearly':
        hit =
          d.getUTCMonth() + 1 === p.month &&
          days.includes(d.getUTCDay()) &&
          nth(d, p.index) &&
          (d.getUTCFullYear() - first.getUTCFullYear()) % p.interval === 0;
        break;
    }
    if (hit) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** Our own expansion's occurrence dates in the zone, up to the horizon. */
function ruleDates(start: string, zone: string, rule: string, horizon: string, limit = 5000): string[] {
  return expandOccurrences(
    { startDate: start, recurRule: rule, timezone: zone, duration: 60 },
    start,
    `${horizon}T00:00:00Z`,
  )
    .slice(0, limit)
    .map((o) => new Date(floatingOf(Date.parse(o.start), zone)).toISOString().slice(0, 10))
    .filter((d) => d < horizon);
}

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'];
const RFC = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

describe('task rules as Graph series', () => {
  it('maps the five patterns and their ranges as Graph documents them', () => {
    // Monday 2 March 2026, 09:00 in Paris.
    const start = '2026-03-02T08:00:00.000Z';
    const zone = 'Europe/Paris';
    const g = (recurRule: string) => toGraphRecurrence({ start, timezone: zone, allDay: false, recurRule });
    expect(g('FREQ=DAILY;INTERVAL=3')).toEqual({
      pattern: { type: 'daily', interval: 3 },
      range: { type: 'noEnd', startDate: '2026-03-02', recurrenceTimeZone: zone },
    });
    expect(g('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,MO;COUNT=10')).toEqual({
      pattern: { type: 'weekly', interval: 2, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'monday' },
      range: { type: 'numbered', startDate: '2026-03-02', numberOfOccurrences: 10, recurrenceTimeZone: zone },
    });
    expect(g('FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20261231T230000Z')?.pattern).toEqual({
      type: 'absoluteMonthly',
      interval: 1,
      dayOfMonth: 2,
    });
    // UNTIL is 1 Jan 2027 00:00 in Paris, after that day's 09:00? No: before it, so the last day is 31 Dec.
    expect(g('FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20261231T230000Z')?.range.endDate).toBe('2026-12-31');
    expect(g('FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20270102T080000Z')?.range.endDate).toBe('2027-01-02');
    expect(g('FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20270102T075959Z')?.range.endDate).toBe('2027-01-01');
    expect(g('FREQ=MONTHLY;BYDAY=1MO')?.pattern).toEqual({
      type: 'relativeMonthly',
      interval: 1,
      daysOfWeek: ['monday'],
      index: 'first',
    });
    expect(g('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1')?.pattern.index).toBe('first');
    expect(g('FREQ=YEARLY')?.pattern).toEqual({
      type: 'absoluteYearly',
      interval: 1,
      dayOfMonth: 2,
      month: 3,
    });
    expect(g('FREQ=YEARLY;BYMONTH=3;BYDAY=1MO')?.pattern).toEqual({
      type: 'relativeYearly',
      interval: 1,
      daysOfWeek: ['monday'],
      index: 'first',
      month: 3,
    });
    // Last Friday: Friday 27 March 2026.
    expect(
      toGraphRecurrence({
        start: '2026-03-27T08:00:00.000Z',
        timezone: zone,
        allDay: false,
        recurRule: 'FREQ=MONTHLY;BYDAY=-1FR',
      })?.pattern.index,
    ).toBe('last');
  });

  it('refuses what Graph cannot say, so the first occurrence is written instead', () => {
    const start = '2026-03-02T08:00:00.000Z';
    const g = (recurRule: string, extra: { exDate?: string[] } = {}) =>
      toGraphRecurrence({ start, timezone: 'Europe/Paris', allDay: false, recurRule, ...extra });
    for (const rule of [
      'FREQ=HOURLY',
      'FREQ=DAILY;BYHOUR=9,17',
      'FREQ=WEEKLY;BYDAY=TU', // the start is a Monday: not an occurrence of the rule
      'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1',
      'FREQ=MONTHLY;BYDAY=5MO',
      'FREQ=MONTHLY;BYMONTHDAY=2,16',
      'FREQ=YEARLY;BYWEEKNO=10',
      'FREQ=WEEKLY;COUNT=3;UNTIL=20270101T000000Z',
      'FREQ=DAILY;INTERVAL=2;BYDAY=MO,TU',
      'FREQ=WEEKLY;UNTIL=20260101T000000Z', // ends before it starts
    ])
      expect(g(rule), rule).toBeNull();
    expect(g('FREQ=WEEKLY', { exDate: ['2026-03-09T08:00:00.000Z'] })).toBeNull();
    // The 31st: Graph moves it to a short month's last day, the rule skips the month.
    expect(
      toGraphRecurrence({
        start: '2026-03-31T08:00:00.000Z',
        timezone: 'UTC',
        allDay: false,
        recurRule: 'FREQ=MONTHLY',
      }),
    ).toBeNull();
    // Graph's Windows zone names are not read: the series comes back as its first occurrence.
    expect(fromGraphRecurrence(g('FREQ=DAILY')!, start, 'Not/AZone')).toBeNull();
  });

  it('a mapped rule and its Graph series make the same days, and read back the rule makes them again', () => {
    const weekday = fc.constantFrom(...RFC);
    const ruleArb = fc.oneof(
      fc.record({ freq: fc.constant('DAILY'), days: fc.constant<string[]>([]) }),
      fc.record({
        freq: fc.constant('DAILY'),
        days: fc.uniqueArray(weekday, { minLength: 1, maxLength: 7 }),
      }),
      fc.record({
        freq: fc.constant('WEEKLY'),
        days: fc.uniqueArray(weekday, { minLength: 0, maxLength: 7 }),
      }),
      fc.record({ freq: fc.constant('MONTHLY'), days: fc.constant<string[]>([]) }),
      fc.record({
        freq: fc.constant('MONTHLY'),
        days: fc.tuple(fc.constantFrom('1', '2', '3', '4', '-1'), weekday).map(([n, d]) => [`${n}${d}`]),
      }),
      fc.record({ freq: fc.constant('YEARLY'), days: fc.constant<string[]>([]) }),
    );
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.oneof(
          fc.constant(''),
          fc.integer({ min: 1, max: 30 }).map((n) => `;COUNT=${n}`),
          fc.integer({ min: 0, max: 700 }).map((d) => `;UNTIL=@${d}`),
        ),
        fc.constantFrom('MO', 'SU'),
        (r, interval, zone, date, end, wkst) => {
          const start = new Date(Math.floor(date.getTime() / 60_000) * 60_000).toISOString();
          const until = end.startsWith(';UNTIL=@')
            ? `;UNTIL=${new Date(Date.parse(start) + Number(end.slice(8)) * 3_600_000 * 13)
                .toISOString()
                .replace(/[-:]/g, '')
                .replace(/\.\d{3}/, '')}`
            : end;
          const rule = `FREQ=${r.freq};INTERVAL=${interval}${r.days.length ? `;BYDAY=${r.days.join(',')}` : ''}${
            r.freq === 'WEEKLY' ? `;WKST=${wkst}` : ''
          }${until}`;
          const graph = toGraphRecurrence({ start, timezone: zone, allDay: false, recurRule: rule });
          if (!graph) return;
          const horizon = new Date(Date.parse(start) + 3 * 366 * DAY).toISOString().slice(0, 10);
          // Compared up to two days before the horizon (the expansion's window is in UTC).
          const cutoff = new Date(Date.parse(horizon) - 2 * DAY).toISOString().slice(0, 10);
          const upTo = (ds: string[]) => ds.filter((d) => d < cutoff);
          const expected = upTo(ruleDates(start, zone, rule, horizon));
          expect(upTo(graphDates(graph, horizon, 5000)), `${rule} ${zone} ${start}`).toEqual(expected);
          const back = fromGraphRecurrence(graph, start, zone);
          expect(back, `${rule} read back`).not.toBeNull();
          expect(upTo(ruleDates(start, zone, back!, horizon)), `${rule} → ${back}`).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
    // Each run expands three years of days twice: seconds on a loaded machine.
  }, 60_000);
});

describe('the Graph event a task becomes', () => {
  const event = (recurrence: string[], allDay = false): OutgoingEvent => ({
    taskId: 't1',
    title: 'Stand-up',
    description: '',
    start: '2026-03-02T08:00:00.000Z',
    durationMinutes: 30,
    allDay,
    timezone: 'Europe/Paris',
    recurrence,
    ical: '',
  });

  it('a series is placed on its zone’s wall clock with its recurrence; a one-off in UTC with none', () => {
    const series = toGraph(event(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE']));
    expect(series.start).toEqual({ dateTime: '2026-03-02T09:00:00.000', timeZone: 'Europe/Paris' });
    expect(series.end).toEqual({ dateTime: '2026-03-02T09:30:00.000', timeZone: 'Europe/Paris' });
    expect(series.recurrence?.pattern.daysOfWeek).toEqual(['monday', 'wednesday']);
    const single = toGraph(event([]));
    expect(single.start).toEqual({ dateTime: '2026-03-02T08:00:00.000', timeZone: 'UTC' });
    expect(single.recurrence).toBeNull();
  });

  it('a series with removed or added dates falls back to its first occurrence', () => {
    expect(seriesOf(event(['RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Europe/Paris:20260309T090000']))).toBeNull();
    expect(
      toGraph(event(['RRULE:FREQ=WEEKLY', 'RDATE;TZID=Europe/Paris:20260310T090000'])).recurrence,
    ).toBeNull();
  });
});
