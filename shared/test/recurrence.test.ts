/**
 * Recurrence expansion: the examples of RFC 5545 §3.8.5.3 our options can express (DTSTART
 * 1997-09-02 09:00 America/New_York), DST forward and back in two zones, exdate, rdate, count, until
 * and all-day occurrences.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { expandOccurrences, type Schedule } from '../src/time/recurrence.ts';

const NY = 'America/New_York';
const rfc = (recurRule: string, startDate = '1997-09-02T09:00:00-04:00'): Schedule => ({
  startDate,
  recurRule,
  timezone: NY,
  duration: 60,
});
/** Occurrences as local 'MM-DD HH:mm' in the schedule's zone, for comparing with the RFC's lists. */
const local = (s: Schedule, from = '1997-09-01T00:00:00Z', to = '1998-12-31T00:00:00Z') =>
  expandOccurrences(s, from, to).map((o) =>
    DateTime.fromISO(o.start).setZone(s.timezone).toFormat('yyyy-MM-dd HH:mm'),
  );
const days = (list: string[]) => list.map((x) => x.slice(5, 10));

describe('RFC 5545 §3.8.5.3 examples', () => {
  it('daily for 10 occurrences', () => {
    expect(days(local(rfc('FREQ=DAILY;COUNT=10')))).toEqual([
      '09-02',
      '09-03',
      '09-04',
      '09-05',
      '09-06',
      '09-07',
      '09-08',
      '09-09',
      '09-10',
      '09-11',
    ]);
  });

  it('daily until December 24, 1997, keeping 09:00 local across the end of DST', () => {
    const all = local(rfc('FREQ=DAILY;UNTIL=19971224T000000Z'));
    expect(all).toHaveLength(113);
    expect(all[0]).toBe('1997-09-02 09:00');
    expect(all.at(-1)).toBe('1997-12-23 09:00');
    expect(new Set(all.map((x) => x.slice(11)))).toEqual(new Set(['09:00']));
  });

  it('every 10 days, 5 occurrences', () => {
    expect(days(local(rfc('FREQ=DAILY;INTERVAL=10;COUNT=5')))).toEqual([
      '09-02',
      '09-12',
      '09-22',
      '10-02',
      '10-12',
    ]);
  });

  it('weekly for 10 occurrences', () => {
    expect(days(local(rfc('FREQ=WEEKLY;COUNT=10')))).toEqual([
      '09-02',
      '09-09',
      '09-16',
      '09-23',
      '09-30',
      '10-07',
      '10-14',
      '10-21',
      '10-28',
      '11-04',
    ]);
  });

  it('weekly on Tuesday and Thursday for five weeks', () => {
    expect(days(local(rfc('FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH')))).toEqual([
      '09-02',
      '09-04',
      '09-09',
      '09-11',
      '09-16',
      '09-18',
      '09-23',
      '09-25',
      '09-30',
      '10-02',
    ]);
  });

  it('every other week on Monday, Wednesday and Friday until December 24, 1997', () => {
    const all = local(
      rfc(
        'FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR',
        '1997-09-01T09:00:00-04:00',
      ),
    );
    expect(days(all)).toEqual([
      '09-01',
      '09-03',
      '09-05',
      '09-15',
      '09-17',
      '09-19',
      '09-29',
      '10-01',
      '10-03',
      '10-13',
      '10-15',
      '10-17',
      '10-27',
      '10-29',
      '10-31',
      '11-10',
      '11-12',
      '11-14',
      '11-24',
      '11-26',
      '11-28',
      '12-08',
      '12-10',
      '12-12',
      '12-22',
    ]);
  });

  it('monthly on the 2nd and 15th for 10 occurrences', () => {
    expect(local(rfc('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15')).map((x) => x.slice(0, 10))).toEqual([
      '1997-09-02',
      '1997-09-15',
      '1997-10-02',
      '1997-10-15',
      '1997-11-02',
      '1997-11-15',
      '1997-12-02',
      '1997-12-15',
      '1998-01-02',
      '1998-01-15',
    ]);
  });
});

describe('daylight saving', () => {
  const weekly = (timezone: string, startDate: string): Schedule => ({
    startDate,
    recurRule: 'FREQ=WEEKLY;COUNT=4',
    timezone,
    duration: 30,
  });

  it('a 09:00 weekly meeting in New York stays at 09:00 across the spring change (UTC moves)', () => {
    const s = weekly(NY, '2026-02-26T09:00:00-05:00');
    const occ = expandOccurrences(s, '2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(occ.map((o) => o.start)).toEqual([
      '2026-02-26T14:00:00Z',
      '2026-03-05T14:00:00Z',
      '2026-03-12T13:00:00Z',
      '2026-03-19T13:00:00Z',
    ]);
    expect(occ[2]!.end).toBe('2026-03-12T13:30:00Z');
  });

  it('and across the autumn change in New York', () => {
    const s = weekly(NY, '2026-10-22T09:00:00-04:00');
    const occ = expandOccurrences(s, '2026-10-01T00:00:00Z', '2026-12-01T00:00:00Z');
    expect(occ.map((o) => o.start)).toEqual([
      '2026-10-22T13:00:00Z',
      '2026-10-29T13:00:00Z',
      '2026-11-05T14:00:00Z',
      '2026-11-12T14:00:00Z',
    ]);
  });

  it('a daily 07:30 in Berlin keeps its hour through both changes', () => {
    const spring: Schedule = {
      startDate: '2026-03-27T07:30:00+01:00',
      recurRule: 'FREQ=DAILY;COUNT=4',
      timezone: 'Europe/Berlin',
      duration: 15,
    };
    expect(
      expandOccurrences(spring, '2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z').map((o) => o.start),
    ).toEqual([
      '2026-03-27T06:30:00Z',
      '2026-03-28T06:30:00Z',
      '2026-03-29T05:30:00Z',
      '2026-03-30T05:30:00Z',
    ]);
    const autumn: Schedule = { ...spring, startDate: '2026-10-24T07:30:00+02:00' };
    expect(
      expandOccurrences(autumn, '2026-10-01T00:00:00Z', '2026-11-30T00:00:00Z').map((o) => o.start),
    ).toEqual([
      '2026-10-24T05:30:00Z',
      '2026-10-25T06:30:00Z',
      '2026-10-26T06:30:00Z',
      '2026-10-27T06:30:00Z',
    ]);
  });

  it('an occurrence in the hour skipped in spring moves forward to the hour that exists', () => {
    const s: Schedule = {
      startDate: '2026-03-07T02:30:00-05:00',
      recurRule: 'FREQ=DAILY;COUNT=2',
      timezone: NY,
      duration: 30,
    };
    const [, skipped] = local(s, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(skipped).toBe('2026-03-08 03:30');
  });
});

describe('exceptions, additions and limits', () => {
  const base: Schedule = {
    startDate: '2026-06-01T10:00:00+02:00',
    recurRule: 'FREQ=DAILY;COUNT=5',
    timezone: 'Europe/Paris',
    duration: 60,
  };

  it('leaves out exdates, whatever offset they are written with, and adds rdates', () => {
    const s = {
      ...base,
      exDate: ['2026-06-02T08:00:00Z', '2026-06-04T10:00:00+02:00'],
      rDate: ['2026-06-10T15:00:00+02:00'],
    };
    expect(local(s, '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      '2026-06-01 10:00',
      '2026-06-03 10:00',
      '2026-06-05 10:00',
      '2026-06-10 15:00',
    ]);
  });

  it('answers only the occurrences inside the window', () => {
    const s = { ...base, recurRule: 'FREQ=DAILY' };
    const occ = expandOccurrences(s, '2026-06-10T00:00:00Z', '2026-06-13T00:00:00Z');
    expect(occ.map((o) => o.start)).toEqual([
      '2026-06-10T08:00:00Z',
      '2026-06-11T08:00:00Z',
      '2026-06-12T08:00:00Z',
    ]);
  });

  it('stops at UNTIL, given as an instant', () => {
    const s = { ...base, recurRule: 'FREQ=DAILY;UNTIL=20260603T235900Z' };
    expect(local(s, '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z')).toHaveLength(3);
  });

  it('an all-day occurrence lasts 1440 minutes; a one-off schedule is its single occurrence', () => {
    const allDay: Schedule = {
      startDate: '2026-06-01T00:00:00+02:00',
      recurRule: null,
      timezone: 'Europe/Paris',
      duration: 0,
      allDay: true,
    };
    expect(expandOccurrences(allDay, '2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      { start: '2026-05-31T22:00:00Z', end: '2026-06-01T22:00:00Z' },
    ]);
  });
});
