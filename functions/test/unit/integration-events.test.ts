/**
 * Events and tasks for calendar integrations (decisions D70): incoming iCalendar (CalDAV) read into
 * task fields — UTC, TZID and all-day starts, DTEND or DURATION, RRULE, escaped text, folded lines —
 * and a task written through the one iCalendar writer, whose recurrence lines Google takes as they are;
 * the export stamp changes exactly when what the event shows changes.
 */
import { describe, expect, it } from 'vitest';
import type { StoredSchedule } from '../../src/core/access/task-access.ts';
import { outgoingEvent, readICalendar, taskStamp } from '../../src/core/integrations/events.ts';

const cal = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join(
    '\r\n',
  );

describe('reading iCalendar', () => {
  it('a UTC start with DTEND', () => {
    const e = readICalendar(
      cal('UID:a', 'DTSTART:20301104T090000Z', 'DTEND:20301104T094500Z', 'SUMMARY:Call'),
      '"1"',
      '/c/a.ics',
    );
    expect(e).toMatchObject({
      id: 'a',
      href: '/c/a.ics',
      etag: '"1"',
      title: 'Call',
      start: '2030-11-04T09:00:00.000Z',
      durationMinutes: 45,
      allDay: false,
      timezone: 'UTC',
    });
  });

  it('a zoned start (TZID) is the instant of that wall time, across summer time', () => {
    const winter = readICalendar(
      cal('UID:w', 'DTSTART;TZID=Europe/Berlin:20301104T090000', 'DURATION:PT1H30M', 'SUMMARY:W'),
      '',
    );
    const summer = readICalendar(
      cal('UID:s', 'DTSTART;TZID=Europe/Berlin:20300704T090000', 'DURATION:PT30M', 'SUMMARY:S'),
      '',
    );
    expect(winter).toMatchObject({
      start: '2030-11-04T08:00:00.000Z',
      durationMinutes: 90,
      timezone: 'Europe/Berlin',
    });
    expect(summer).toMatchObject({ start: '2030-07-04T07:00:00.000Z', durationMinutes: 30 });
  });

  it('an all-day event, a rule, escaped and folded text', () => {
    const e = readICalendar(
      cal(
        'UID:d',
        'DTSTART;VALUE=DATE:20301104',
        'DTEND;VALUE=DATE:20301105',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Sports day\\, school',
        'DESCRIPTION:Bring water\\nand a ha',
        ' t',
      ),
      '',
    );
    expect(e).toMatchObject({
      allDay: true,
      durationMinutes: 1440,
      recurRule: 'FREQ=WEEKLY;COUNT=3',
      title: 'Sports day, school',
      description: 'Bring water\nand a hat',
    });
  });

  it('no event, no UID or no start: nothing', () => {
    expect(readICalendar('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', '')).toBeNull();
    expect(readICalendar(cal('DTSTART:20301104T090000Z'), '')).toBeNull();
    expect(readICalendar(cal('UID:x'), '')).toBeNull();
  });
});

const schedule = (s: Partial<StoredSchedule> = {}): StoredSchedule => ({
  initialDate: null,
  startDate: '2030-11-04T08:00:00.000Z',
  endDate: null,
  allDay: false,
  flexibleTime: 4,
  recurRule: null,
  exDate: [],
  rDate: [],
  duration: 45,
  timezone: 'Europe/Berlin',
  scheduledAttendees: [],
  ...s,
});

describe('writing a task as an event', () => {
  it('one VEVENT by the iCalendar writer, its rule lines for Google', () => {
    const e = outgoingEvent({
      taskId: 't1',
      title: 'Review',
      description: '',
      schedule: schedule({ recurRule: 'FREQ=WEEKLY;COUNT=4' }),
    });
    expect(e.ical).toContain('UID:t1@tandem');
    expect(e.ical).toContain('DTSTART;TZID=Europe/Berlin:20301104T090000');
    expect(e.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=4']);
    // Read back by our own reader: the same instant and length.
    expect(readICalendar(e.ical, '')).toMatchObject({
      start: '2030-11-04T08:00:00.000Z',
      durationMinutes: 45,
    });
  });

  it('the stamp changes with the words and the schedule, not otherwise', () => {
    const base = { taskId: 't', title: 'A', description: 'd', schedule: schedule() };
    expect(taskStamp(base)).toBe(taskStamp({ ...base, schedule: schedule() }));
    expect(taskStamp(base)).not.toBe(taskStamp({ ...base, title: 'B' }));
    expect(taskStamp(base)).not.toBe(taskStamp({ ...base, schedule: schedule({ duration: 60 }) }));
    expect(taskStamp(base)).not.toBe(
      taskStamp({ ...base, schedule: schedule({ exDate: ['2030-11-11T08:00:00.000Z'] }) }),
    );
  });
});
