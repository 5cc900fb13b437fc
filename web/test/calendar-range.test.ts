import { DateTime, Settings } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dateFromQuery,
  dateToQuery,
  isAllDaySlot,
  openingTime,
  slotMinutes,
  stepDate,
  viewFromQuery,
  visibleRange,
} from '../src/features/calendar/utils/range.ts';

// The calendar reads days in the browser's zone; fix one (with a DST change) for the test. Set
// before the dates below are made.
const zone = Settings.defaultZone;
Settings.defaultZone = 'America/New_York';
afterAll(() => {
  Settings.defaultZone = zone;
});

const day = (iso: string) => dateFromQuery(iso);
const ymd = (d: Date) => dateToQuery(d);

describe('calendar visible range', () => {
  // Wednesday 18 November 2026.
  const wed = day('2026-11-18');

  it('day: that day only', () => {
    const r = visibleRange('day', wed);
    expect([ymd(r.start), ymd(r.end)]).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('week: Sunday to Saturday', () => {
    const r = visibleRange('week', wed);
    expect([ymd(r.start), ymd(r.end)]).toEqual(['2026-11-15', '2026-11-22']);
    expect(ymd(visibleRange('week', day('2026-11-15')).start)).toBe('2026-11-15');
    expect(ymd(visibleRange('week', day('2026-11-21')).start)).toBe('2026-11-15');
  });

  it('work week: Monday to Friday', () => {
    const r = visibleRange('work_week', wed);
    expect([ymd(r.start), ymd(r.end)]).toEqual(['2026-11-16', '2026-11-21']);
    // A Sunday belongs to the week it starts.
    expect(ymd(visibleRange('work_week', day('2026-11-15')).start)).toBe('2026-11-16');
  });

  it('month: 42 days from the Sunday starting the week of the 1st', () => {
    // 1 November 2026 is a Sunday.
    const nov = visibleRange('month', wed);
    expect([ymd(nov.start), ymd(nov.end)]).toEqual(['2026-11-01', '2026-12-13']);
    // 1 December 2026 is a Tuesday: the grid starts Sunday 29 November.
    const dec = visibleRange('month', day('2026-12-31'));
    expect([ymd(dec.start), ymd(dec.end)]).toEqual(['2026-11-29', '2027-01-10']);
    const days = Math.round((dec.end.getTime() - dec.start.getTime()) / 86_400_000);
    expect(days).toBe(42);
  });

  it('counts 42 days across a daylight-saving change', () => {
    // March 2026: the clocks go forward on the 8th in New York.
    const mar = visibleRange('month', day('2026-03-10'));
    expect([ymd(mar.start), ymd(mar.end)]).toEqual(['2026-03-01', '2026-04-12']);
    expect(DateTime.fromJSDate(mar.start).hour).toBe(0);
    expect(DateTime.fromJSDate(mar.end).hour).toBe(0);
  });

  it('steps by the view', () => {
    expect(ymd(stepDate('day', wed, 1))).toBe('2026-11-19');
    expect(ymd(stepDate('week', wed, -1))).toBe('2026-11-11');
    expect(ymd(stepDate('work_week', wed, 1))).toBe('2026-11-25');
    expect(ymd(stepDate('month', day('2026-01-31'), 1))).toBe('2026-02-28');
  });
});

describe('calendar query', () => {
  it('reads the view, defaulting to week', () => {
    expect(viewFromQuery('day')).toBe('day');
    expect(viewFromQuery('month')).toBe('month');
    expect(viewFromQuery('work_week')).toBe('work_week');
    expect(viewFromQuery('workweek')).toBe('work_week');
    expect(viewFromQuery(null)).toBe('week');
    expect(viewFromQuery('agenda')).toBe('week');
  });

  it('reads YYYY-MM-DD, anything else is today', () => {
    expect(ymd(dateFromQuery('2026-02-03'))).toBe('2026-02-03');
    const now = new Date('2026-05-06T15:00:00Z');
    expect(ymd(dateFromQuery('03/02/2026', now))).toBe('2026-05-06');
    expect(ymd(dateFromQuery('2026-13-45', now))).toBe('2026-05-06');
    expect(ymd(dateFromQuery(null, now))).toBe('2026-05-06');
  });
});

describe('calendar slots', () => {
  const at = (iso: string) => new Date(iso);
  it('an all-day row or month cell slot is all-day', () => {
    const s = day('2026-11-18');
    const e = day('2026-11-19');
    expect(isAllDaySlot(s, e, 'week')).toBe(true);
    expect(isAllDaySlot(s, s, 'month')).toBe(true);
    expect(slotMinutes(s, e, true)).toBe(1440);
  });

  it('a time slot lasts its minutes', () => {
    const s = at('2026-11-18T14:00:00Z');
    const e = at('2026-11-18T14:45:00Z');
    expect(isAllDaySlot(s, e, 'week')).toBe(false);
    expect(slotMinutes(s, e, false)).toBe(45);
  });
});

describe('where a day or week view opens', () => {
  const at = (iso: string) => DateTime.fromISO(iso).toJSDate();
  const hhmm = (d: Date) => DateTime.fromJSDate(d).toFormat('HH:mm');

  it('at the current time, an hour above it, when the view shows today', () => {
    const now = at('2026-11-24T15:40');
    expect(hhmm(openingTime('week', now, now))).toBe('14:00');
    expect(hhmm(openingTime('day', now, now))).toBe('14:00');
  });

  it('at 07:00, the start of the work day, on any other day or week', () => {
    const now = at('2026-11-24T15:40');
    expect(hhmm(openingTime('week', at('2026-12-01'), now))).toBe('07:00');
    expect(hhmm(openingTime('day', at('2026-11-25'), now))).toBe('07:00');
  });

  it('just after midnight at the top of the day, not at the end of it', () => {
    const now = at('2026-11-24T00:20');
    expect(hhmm(openingTime('day', now, now))).toBe('00:00');
  });

  it('a Work Week never above its first hour', () => {
    const now = at('2026-11-24T05:10');
    expect(hhmm(openingTime('work_week', now, now))).toBe('07:00');
  });
});
