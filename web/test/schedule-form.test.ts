import { buildRecurRule, SCHEDULE_MESSAGES } from '@tandem/shared/time/schedule';
import { describe, expect, it } from 'vitest';
import { describeRepeat } from '../src/features/schedule/utils/describe.ts';
import {
  defaultScheduleValues,
  parseRecurRule,
  repeatOptionsOf,
  type ScheduleFormValues,
  scheduleBody,
  scheduleServerErrors,
  validateSchedule,
  valuesFromSchedule,
  withStartDate,
} from '../src/features/schedule/utils/schedule-form.ts';

const ZONE = 'Europe/Berlin';
const NOW = new Date('2030-03-10T08:30:00Z'); // 09:30 in Berlin
const base = (patch: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  ...defaultScheduleValues(ZONE, NOW),
  ...patch,
});

describe('schedule form defaults', () => {
  it('starts at the next whole hour in the zone, an hour long, not repeating', () => {
    const v = base();
    expect(v).toMatchObject({ date: '2030-03-10', time: '10:00', durationChoice: '60', repeat: 'never' });
    expect(v.interval).toBe(1);
    expect(v.weekdays).toEqual(['SU']);
    expect(v.timezone).toBe(ZONE);
  });
});

describe('the start date leads the repeat days', () => {
  it("a weekly routine starting on another day repeats on that day's weekday, not today's", () => {
    // NOW is a Sunday; the routine starts on Wednesday 13 March.
    const v = withStartDate(base(), '2030-03-13');
    expect(v).toMatchObject({ date: '2030-03-13', weekdays: ['WE'], monthDay: 13 });
  });

  it('keeps days and a month day the person chose themselves', () => {
    const chosen = base({ weekdays: ['MO', 'FR'], monthDay: 1 });
    expect(withStartDate(chosen, '2030-03-13')).toMatchObject({ weekdays: ['MO', 'FR'], monthDay: 1 });
  });

  it('leaves the days alone while the date is not a whole date yet', () => {
    expect(withStartDate(base(), '')).toMatchObject({ date: '', weekdays: ['SU'], monthDay: 10 });
  });
});

describe('repeat options ↔ RRULE', () => {
  const cases: Array<[string, Partial<ScheduleFormValues>]> = [
    ['daily, every 2, never ends', { repeat: 'daily', interval: 2 }],
    [
      'weekly on Monday and Friday, 5 times',
      { repeat: 'weekly', weekdays: ['MO', 'FR'], endKind: 'count', count: 5 },
    ],
    [
      'monthly on day 31 until a date',
      { repeat: 'monthly', monthDay: 31, endKind: 'until', untilDate: '2030-12-31' },
    ],
  ];
  for (const [name, patch] of cases)
    it(`round-trips ${name}`, () => {
      const r = repeatOptionsOf(base(patch))!;
      const rule = buildRecurRule(r, ZONE);
      expect(parseRecurRule(rule, ZONE)).toEqual(r);
    });

  it('builds the rule the backend expects; an end date ends at 23:59 of that day in the zone', () => {
    const body = scheduleBody(
      base({ repeat: 'weekly', weekdays: ['FR', 'MO'], endKind: 'until', untilDate: '2030-06-30' }),
    );
    expect(body.recurRule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,FR;UNTIL=20300630T215900Z');
    expect(body.startDate).toBe('2030-03-10T10:00:00+01:00');
    expect(body.endDate).toBe('2030-03-10T11:00:00+01:00');
    expect(body.duration).toBe(60);
  });

  it('never repeating sends no rule; all day starts at midnight for 1440 minutes', () => {
    const body = scheduleBody(base({ allDay: true }));
    expect(body.recurRule).toBeNull();
    expect(body.duration).toBe(1440);
    expect(body.startDate).toBe('2030-03-10T00:00:00+01:00');
  });

  it('reads a saved schedule back into the form', () => {
    const v = valuesFromSchedule(
      {
        id: 't1',
        initialDate: null,
        startDate: '2030-03-11T08:00:00Z',
        endDate: null,
        allDay: false,
        flexibleTime: 2,
        recurRule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,TH;COUNT=4',
        exDate: [],
        rDate: [],
        duration: 45,
        timezone: ZONE,
        scheduledAttendees: [{ email: 'a@example.com' }],
      },
      'UTC',
      NOW,
    );
    expect(v).toMatchObject({
      date: '2030-03-11',
      time: '09:00',
      durationChoice: 'custom',
      customMinutes: 45,
      flexibleTime: 2,
      repeat: 'weekly',
      interval: 3,
      weekdays: ['TU', 'TH'],
      endKind: 'count',
      count: 4,
      attendees: ['a@example.com'],
    });
  });

  it('describes a rule in words', () => {
    expect(describeRepeat('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE', ZONE)).toBe('Weekly on Monday, Wednesday');
    expect(describeRepeat('FREQ=DAILY;INTERVAL=2;COUNT=5', ZONE)).toBe('Every 2 days, 5 times');
    expect(describeRepeat(null, ZONE)).toBeNull();
  });
});

describe('schedule validation', () => {
  it('accepts a sound schedule', () => {
    expect(validateSchedule(base({ repeat: 'weekly', weekdays: ['MO'] }), ZONE, NOW)).toEqual({});
  });
  it('allows earlier today but not before the end of yesterday', () => {
    expect(validateSchedule(base({ time: '00:30' }), ZONE, NOW)).toEqual({});
    expect(validateSchedule(base({ date: '2030-03-09', time: '23:00' }), ZONE, NOW).start).toBe(
      SCHEDULE_MESSAGES.startInPast,
    );
  });
  it('uses the shared messages for repeat fields', () => {
    const e = validateSchedule(
      base({ repeat: 'weekly', weekdays: [], interval: 0, endKind: 'count', count: 0 }),
      ZONE,
      NOW,
    );
    expect(e.weekdays).toBe(SCHEDULE_MESSAGES.weekdays);
    expect(e.interval).toBe(SCHEDULE_MESSAGES.interval);
    expect(e.count).toBe(SCHEDULE_MESSAGES.occurrences);
    expect(validateSchedule(base({ repeat: 'monthly', monthDay: 32 }), ZONE, NOW).monthDay).toBe(
      SCHEDULE_MESSAGES.monthDay,
    );
  });
  it('blocks invalid attendee e-mails', () => {
    expect(validateSchedule(base({ attendees: ['ok@example.com', 'nope'] }), ZONE, NOW).attendees).toBe(
      SCHEDULE_MESSAGES.attendeeEmail,
    );
  });
  it('refuses a zero-minute custom duration', () => {
    expect(
      validateSchedule(base({ durationChoice: 'custom', customMinutes: 0 }), ZONE, NOW).duration,
    ).toBeTruthy();
  });
  it('places server errors under the fields', () => {
    expect(
      scheduleServerErrors({
        startDate: SCHEDULE_MESSAGES.startInPast,
        endDate: SCHEDULE_MESSAGES.sameMinute,
        'scheduledAttendees.1.email': SCHEDULE_MESSAGES.attendeeEmail,
        other: 'x',
      }),
    ).toEqual({
      fields: { start: SCHEDULE_MESSAGES.startInPast, attendees: SCHEDULE_MESSAGES.attendeeEmail },
      rest: ['x'],
    });
  });
});
