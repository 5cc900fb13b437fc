import { afterEach, describe, expect, it } from 'vitest';
import { calendarDaysUntil, dueTone } from '../src/features/tasks/utils/due-colour.ts';
import { formatDue } from '../src/features/tasks/utils/format-due.ts';
import { dueShortcut, isoToLocalInput, localInputToIso } from '../src/features/tasks/utils/task-form.ts';
import { browserZone, instantOf, setDisplayZone, wallTime } from '../src/lib/time/zone.ts';

afterEach(() => setDisplayZone(null));

describe('times in the person’s zone, not the computer’s', () => {
  it('reads and names wall-clock times in a zone, across a daylight-saving change', () => {
    expect(wallTime(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toMatchObject({ day: 29, hour: 1 });
    expect(wallTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toMatchObject({ day: 29, hour: 3 });
    const w = { year: 2026, month: 3, day: 29, hour: 9, minute: 0 };
    expect(instantOf(w, 'Europe/Berlin').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(instantOf(w, 'Asia/Tokyo').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // 02:30 does not exist in Berlin that night: an hour later.
    expect(instantOf({ ...w, hour: 2, minute: 30 }, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('an unknown zone leaves the computer’s', () => {
    expect(setDisplayZone('Mars/Olympus')).toBe(browserZone());
  });

  it('the due date field shows and saves the time in the person’s zone', () => {
    setDisplayZone('Asia/Tokyo');
    expect(isoToLocalInput('2026-11-24T00:30:00Z')).toBe('2026-11-24T09:30');
    expect(localInputToIso('2026-11-24T09:30')).toBe('2026-11-24T00:30:00.000Z');
    // 20:00 UTC on the 24th is already the 25th in Tokyo: "today" ends there on the 25th.
    expect(dueShortcut('today', new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25T23:59');
    expect(dueShortcut('tomorrow', new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-26T23:59');
  });

  it('due badges count days and show times in the person’s zone', () => {
    setDisplayZone('Asia/Tokyo');
    const now = new Date('2026-11-24T20:00:00Z'); // 25 Nov, 05:00 in Tokyo
    const due = '2026-11-25T00:30:00Z'; // 25 Nov, 09:30 in Tokyo
    expect(calendarDaysUntil(new Date(due), now)).toBe(0);
    expect(dueTone(due, now)).toBe('today');
    expect(formatDue(due, now, { dateFormat: 'day_first', timeFormat: 24 })).toMatchObject({
      day: 'today',
      time: '9:30',
    });
    // 23:59 in Tokyo is the end of the day: no time shown.
    expect(
      formatDue('2026-11-25T14:59:00Z', now, { dateFormat: 'day_first', timeFormat: 24 }).time,
    ).toBeNull();
  });
});
