import { describe, expect, it } from 'vitest';
import { expandOccurrences } from '../src/time/recurrence.ts';
import {
  buildRecurRule,
  endOfDay,
  repeatOptions,
  SCHEDULE_MESSAGES,
  sameMinute,
  scheduleInput,
  startTooEarly,
} from '../src/time/schedule.ts';

const ok = { startDate: '2026-11-22T09:00:00+01:00', timezone: 'Europe/Berlin' };

describe('repeat options', () => {
  it('defaults the interval to 1 and refuses 0', () => {
    expect(repeatOptions.parse({ frequency: 'daily', end: { kind: 'never' } }).interval).toBe(1);
    expect(
      repeatOptions.safeParse({ frequency: 'daily', interval: 0, end: { kind: 'never' } }).error?.issues[0]
        ?.message,
    ).toBe(SCHEDULE_MESSAGES.interval);
  });

  it('needs at least one occurrence, a month day from 1 to 31 and, weekly, at least one weekday', () => {
    expect(repeatOptions.safeParse({ frequency: 'daily', end: { kind: 'count', count: 0 } }).success).toBe(
      false,
    );
    expect(
      repeatOptions.safeParse({ frequency: 'monthly', monthDay: 32, end: { kind: 'never' } }).success,
    ).toBe(false);
    expect(
      repeatOptions.safeParse({ frequency: 'monthly', monthDay: 31, end: { kind: 'never' } }).success,
    ).toBe(true);
    expect(
      repeatOptions.safeParse({ frequency: 'weekly', weekdays: [], end: { kind: 'never' } }).success,
    ).toBe(false);
    expect(
      repeatOptions.safeParse({ frequency: 'weekly', weekdays: ['XX'], end: { kind: 'never' } }).success,
    ).toBe(false);
  });

  it('builds an RRULE whose end-by date ends at 23:59 in the schedule’s zone', () => {
    const rule = buildRecurRule(
      {
        frequency: 'weekly',
        interval: 2,
        weekdays: ['MO', 'TH'],
        end: { kind: 'until', date: '2026-12-03' },
      },
      'Europe/Berlin',
    );
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20261203T225900Z');
    expect(endOfDay('2026-12-03', 'America/New_York')).toBe('2026-12-04T04:59:00Z');
    // An occurrence on the end date itself is still in.
    const weekly = buildRecurRule(
      {
        frequency: 'weekly',
        interval: 1,
        weekdays: ['MO', 'TH'],
        end: { kind: 'until', date: '2026-12-03' },
      },
      'Europe/Berlin',
    );
    const occ = expandOccurrences(
      { startDate: '2026-11-23T20:00:00+01:00', recurRule: weekly, timezone: 'Europe/Berlin', duration: 30 },
      '2026-11-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
    );
    expect(occ.map((o) => o.start)).toEqual([
      '2026-11-23T19:00:00Z',
      '2026-11-26T19:00:00Z',
      '2026-11-30T19:00:00Z',
      '2026-12-03T19:00:00Z',
    ]);
  });
});

describe('schedule input', () => {
  it('refuses an end in the same minute as the start', () => {
    const r = scheduleInput.safeParse({ ...ok, endDate: '2026-11-22T08:00:30Z' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['endDate'], message: SCHEDULE_MESSAGES.sameMinute });
    expect(sameMinute('2026-11-22T09:00:00+01:00', '2026-11-22T09:01:00+01:00')).toBe(false);
  });

  it('refuses a start before the end of yesterday in the user’s zone, but not earlier today', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(startTooEarly('2026-11-21T23:00:00+01:00', 'Europe/Berlin', now)).toBe(true);
    expect(startTooEarly('2026-11-22T00:30:00+01:00', 'Europe/Berlin', now)).toBe(false);
  });

  it('a meeting template needs attendees, and attendees need valid e-mails', () => {
    expect(scheduleInput.safeParse({ ...ok, meetingTemplate: 'standup' }).error?.issues[0]?.message).toBe(
      SCHEDULE_MESSAGES.attendeesNeeded,
    );
    expect(
      scheduleInput.safeParse({
        ...ok,
        meetingTemplate: 'standup',
        scheduledAttendees: [{ email: 'a@b.co' }],
      }).success,
    ).toBe(true);
    expect(
      scheduleInput.safeParse({ ...ok, scheduledAttendees: [{ email: 'not-mail' }] }).error?.issues[0]
        ?.message,
    ).toBe(SCHEDULE_MESSAGES.attendeeEmail);
  });

  it('refuses an unknown zone and fills the defaults', () => {
    expect(scheduleInput.safeParse({ ...ok, timezone: 'Mars/Base' }).success).toBe(false);
    expect(scheduleInput.parse(ok)).toMatchObject({
      allDay: false,
      flexibleTime: 4,
      duration: 60,
      exDate: [],
      rDate: [],
    });
  });
});

describe('priority group from a schedule', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('a recurrence without an initial date makes a routine definition', async () => {
    const { priorityGroupForSchedule } = await import('../src/time/schedule.ts');
    expect(
      priorityGroupForSchedule(
        { recurRule: 'FREQ=DAILY', initialDate: null, startDate: '2026-11-23T09:00:00Z' },
        'UTC',
        now,
      ),
    ).toBe(6);
    expect(
      priorityGroupForSchedule(
        { recurRule: 'FREQ=DAILY', initialDate: '2026-11-01T00:00:00Z', startDate: '2026-11-23T09:00:00Z' },
        'UTC',
        now,
      ),
    ).toBeNull();
  });

  it('a one-off schedule is Now when it starts today in the person’s zone, otherwise Scheduled', async () => {
    const { priorityGroupForSchedule } = await import('../src/time/schedule.ts');
    const late = { recurRule: null, initialDate: null, startDate: '2026-11-23T02:00:00Z' };
    expect(priorityGroupForSchedule(late, 'America/Los_Angeles', now)).toBe(0); // still the 22nd there
    expect(priorityGroupForSchedule(late, 'Europe/Berlin', now)).toBe(4);
  });
});
