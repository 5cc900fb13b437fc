import { CALENDAR_ERRORS } from '@tandem/shared/time/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_ERROR_KEYS, calendarErrorKey } from '../src/features/calendar/utils/errors.ts';
import { allDayDates, withMoved } from '../src/features/calendar/utils/events.ts';
import { userFormats, whenText } from '../src/features/calendar/utils/formats.ts';
import i18n from '../src/i18n/index.ts';

// The calendar's texts are a namespace loaded on first use (i18n/index.ts).
beforeAll(() => i18n.loadNamespaces('calendar'));

const t = i18n.getFixedT('en_US', 'calendar');

describe('calendar refusals', () => {
  it('translates the calendar codes', () => {
    expect(t(calendarErrorKey(CALENDAR_ERRORS.cannotReschedule)!)).toBe(
      'A task cannot be moved into the past.',
    );
    expect(t(calendarErrorKey(CALENDAR_ERRORS.changeDateInstance)!)).toBe(
      "A routine's occurrence stays on its day; change the routine to move it.",
    );
  });

  it('leaves other codes to the server message', () => {
    expect(calendarErrorKey('task.not-found')).toBeNull();
    expect(calendarErrorKey(undefined)).toBeNull();
  });
});

describe('calendar formats', () => {
  it('follows 12/24 hours and the date order', () => {
    expect(userFormats(24, 'day_first')).toMatchObject({ time: 'HH:mm', date: 'dd/MM/yyyy' });
    expect(userFormats(12, 'month_first')).toMatchObject({ time: 'hh:mm a', date: 'MM/dd/yyyy' });
  });

  it('writes the popup time', () => {
    const s = new Date(2026, 10, 18, 9, 0);
    const e = new Date(2026, 10, 18, 10, 30);
    expect(whenText(s, e, false, userFormats(24, 'day_first'))).toBe('18/11/2026, 09:00 – 10:30');
    expect(whenText(s, e, false, userFormats(12, 'month_first'))).toBe('11/18/2026, 09:00 AM – 10:30 AM');
    expect(whenText(new Date(2026, 10, 18), new Date(2026, 10, 19), true, userFormats())).toBe('18/11/2026');
  });
});

describe('optimistic move', () => {
  it('moves only that occurrence', () => {
    const base = { taskId: 'a', start: '2026-11-18T09:00:00.000Z', end: '2026-11-18T10:00:00.000Z' };
    const list = {
      count: 2,
      results: [
        { ...base, originalStart: '2026-11-18T09:00:00.000Z' },
        { ...base, originalStart: '2026-11-19T09:00:00.000Z' },
      ],
    };
    const moved = withMoved(
      list as never,
      'a@2026-11-18T09:00:00.000Z',
      new Date('2026-11-18T11:00:00Z'),
      new Date('2026-11-18T12:00:00Z'),
    ) as unknown as typeof list;
    expect(moved.results[0]!.start).toBe('2026-11-18T11:00:00.000Z');
    expect(moved.results[1]!.start).toBe(base.start);
  });
});

describe('calendar codes', () => {
  it('match the shared contract', () => {
    expect(Object.keys(CALENDAR_ERROR_KEYS).sort()).toEqual(Object.values(CALENDAR_ERRORS).sort());
  });
});

describe('all-day occurrences', () => {
  it('are the day they start on in their own zone, as whole days', () => {
    // 23:00 UTC on the 23rd is already the 24th in Berlin.
    const one = allDayDates('2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z', 'Europe/Berlin');
    expect([one.start.getDate(), one.end.getDate()]).toEqual([24, 25]);
    expect([one.start.getHours(), one.start.getMinutes()]).toEqual([0, 0]);
    const two = allDayDates('2026-11-24T00:00:00Z', '2026-11-26T00:00:00Z', 'UTC');
    expect([two.start.getDate(), two.end.getDate()]).toEqual([24, 26]);
  });
});
