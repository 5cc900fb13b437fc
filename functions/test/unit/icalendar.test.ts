import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME ??= 'unit';
const { toICalendar } = await import('../../src/core/calendar-feed.ts');

describe('iCalendar text', () => {
  it('folds long lines at 75 octets without breaking characters, and escapes text', () => {
    const title = `Überprüfung der Jahresplanung — ${'ä'.repeat(60)}; Teil 2, Punkt 3\\4`;
    const ics = toICalendar(
      [
        {
          taskId: 't1',
          title,
          description: 'line one\nline two',
          status: 1,
          group: { id: 'g', title: 'Büro', color: '#000000' },
          start: '2026-12-01T09:00:00Z',
          end: '2026-12-01T10:00:00Z',
          allDay: false,
          recurring: false,
          originalStart: '2026-12-01T09:00:00Z',
          recurRule: null,
          timezone: 'Europe/Berlin',
          routine: false,
          editable: true,
        },
      ],
      new Date('2026-11-21T10:00:00Z'),
    );
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(title);
    expect(event.description).toBe('line one\nline two');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
});
