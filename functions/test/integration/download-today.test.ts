/**
 * /download-today's calendar file (decisions D69): the caller's Today list (priority group 0) as
 * iCalendar, each unscheduled task an all-day event on today's date in the caller's zone; tasks on
 * other lists and other people's tasks are not in it; an unknown zone is refused.
 */
import { describe, expect, it } from 'vitest';
import { person, privateGroup, task } from './support.ts';

describe('download today', () => {
  it('writes the Today list as iCalendar events, and nothing else', async () => {
    const me = await person('Printer');
    const other = await person('Stranger');
    const group = await privateGroup(me.api);
    const a = await task(me.api, { title: 'Call the bank, then the notary', group, priority_group: 0 });
    const b = await task(me.api, { title: 'Buy flour', group, priority_group: 0 });
    await task(me.api, { title: 'Someday maybe', group, priority_group: 1 });
    await task(other.api, { title: 'Not mine', group: await privateGroup(other.api), priority_group: 0 });

    const r = await me.api.get('/download-today/ics?user_timezone=Pacific/Auckland');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ics = r.body.ics as string;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' })
      .format(new Date())
      .replaceAll('-', '');
    expect(r.body.filename).toBe(`today-${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}.ics`);
    expect(r.body.count).toBe(2);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain(`UID:${a.id}@tandem`);
    expect(ics).toContain(`UID:${b.id}@tandem`);
    expect(ics).toContain('SUMMARY:Call the bank\\, then the notary');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${day}`);
    expect(ics).not.toContain('Someday maybe');
    expect(ics).not.toContain('Not mine');
  });

  it('refuses an unknown zone; an empty list is an empty calendar', async () => {
    const me = await person('Empty');
    expect((await me.api.get('/download-today/ics?user_timezone=Mars/Olympus')).status).toBe(400);
    const r = await me.api.get('/download-today/ics');
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(0);
    expect(r.body.ics).not.toContain('BEGIN:VEVENT');
  });
});
