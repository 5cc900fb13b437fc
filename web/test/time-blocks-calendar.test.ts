import type { TimeBlockView } from '@tandem/shared/time/views';
import { describe, expect, it } from 'vitest';
import { blockEvents } from '../src/features/time-blocks/utils/block-events.ts';

const block = (over: Partial<TimeBlockView> = {}): TimeBlockView => ({
  id: 'b1',
  startDate: '2026-03-09T09:00:00+01:00', // Monday 09:00 in Paris
  endDate: null,
  exDate: [],
  rDate: [],
  recurRule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  duration: 120,
  timezone: 'Europe/Paris',
  group: 'g1',
  groupCategory: null,
  active: false,
  ...over,
});
// Sunday 2026-03-15 to Sunday 2026-03-22 (UTC), a week view's window.
const week = { start: new Date('2026-03-15T00:00:00Z'), end: new Date('2026-03-22T00:00:00Z') };
const named = () => ({ name: 'Deep work', color: '#228be6' });

describe('time blocks in the calendar week', () => {
  it('draws each weekday occurrence of the window, in the block zone, named and coloured by its target', () => {
    const events = blockEvents([block()], week, named);
    expect(events.map((e) => e.start.toISOString())).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-17T08:00:00.000Z',
      '2026-03-18T08:00:00.000Z',
      '2026-03-19T08:00:00.000Z',
      '2026-03-20T08:00:00.000Z',
    ]);
    expect(events[0]).toMatchObject({
      title: 'Deep work',
      allDay: false,
      block: { id: 'b1', color: '#228be6' },
    });
    expect(events[0]!.end.getTime() - events[0]!.start.getTime()).toBe(120 * 60_000);
  });

  it('keeps Paris wall-clock time across the spring change of clocks', () => {
    const next = { start: new Date('2026-03-29T00:00:00Z'), end: new Date('2026-04-05T00:00:00Z') };
    expect(blockEvents([block()], next, named)[0]!.start.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('leaves out excluded days and occurrences after the block ends; adds extra dates', () => {
    const events = blockEvents(
      [
        block({
          exDate: ['2026-03-17T08:00:00.000Z'],
          rDate: ['2026-03-21T10:00:00.000Z'],
          endDate: '2026-03-20T00:00:00Z',
        }),
      ],
      week,
      named,
    );
    expect(events.map((e) => e.start.toISOString())).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-18T08:00:00.000Z',
      '2026-03-19T08:00:00.000Z',
    ]);
  });

  it('shows an occurrence that began before the window and reaches into it', () => {
    const late = block({
      startDate: '2026-03-14T23:00:00Z',
      recurRule: null,
      timezone: 'UTC',
      duration: 180,
    });
    const [e] = blockEvents([late], week, named);
    expect(e?.start.toISOString()).toBe('2026-03-14T23:00:00.000Z');
  });

  it('draws nothing for a block whose rule cannot be read, and the others still show', () => {
    const events = blockEvents(
      [block({ id: 'bad', recurRule: 'FREQ=NONSENSE' }), block({ id: 'ok' })],
      week,
      named,
    );
    expect(new Set(events.map((e) => e.block.id))).toEqual(new Set(['ok']));
  });
});
