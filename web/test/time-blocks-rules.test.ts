import { timeBlockForm } from '@tandem/shared/time/forms';
import type { TimeBlockView } from '@tandem/shared/time/views';
import { describe, expect, it } from 'vitest';
import {
  activeBlock,
  blockSelection,
  isBlockActive,
} from '../src/features/time-blocks/utils/active-block.ts';
import { blockEvents } from '../src/features/time-blocks/utils/block-events.ts';
import { blockBody, formFromBlock } from '../src/features/time-blocks/utils/block-form.ts';
import { repeatFromRule, ruleForRepeat } from '../src/features/time-blocks/utils/repeat.ts';
import { formValidator } from '../src/lib/validation.ts';

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

describe('active time block', () => {
  it('is active inside an occurrence, in its own zone', () => {
    expect(isBlockActive(block(), new Date('2026-03-11T08:30:00Z'))).toBe(true); // Wed 09:30 Paris
    expect(isBlockActive(block(), new Date('2026-03-11T10:00:00Z'))).toBe(false); // 11:00, ended
    expect(isBlockActive(block(), new Date('2026-03-14T08:30:00Z'))).toBe(false); // Saturday
  });

  it('keeps the wall-clock time across a DST change', () => {
    // Paris moves to summer time on 29 March 2026: 09:00 is then 07:00 UTC.
    expect(isBlockActive(block(), new Date('2026-03-30T07:30:00Z'))).toBe(true);
    expect(isBlockActive(block(), new Date('2026-03-30T10:30:00Z'))).toBe(false);
  });

  it('honours exdates, the end date and one-off blocks', () => {
    const ex = block({ exDate: ['2026-03-11T08:00:00Z'] });
    expect(isBlockActive(ex, new Date('2026-03-11T08:30:00Z'))).toBe(false);
    const ended = block({ endDate: '2026-03-10T00:00:00Z' });
    expect(isBlockActive(ended, new Date('2026-03-11T08:30:00Z'))).toBe(false);
    const once = block({ recurRule: null });
    expect(isBlockActive(once, new Date('2026-03-09T08:59:00Z'))).toBe(true);
    expect(isBlockActive(once, new Date('2026-03-10T08:59:00Z'))).toBe(false);
  });

  it('picks the first active block', () => {
    const now = new Date('2026-03-11T08:30:00Z');
    expect(activeBlock([block({ id: 'x', recurRule: null }), block({ id: 'y' })], now)?.id).toBe('y');
    expect(activeBlock([], now)).toBeNull();
  });
});

describe('block selection', () => {
  const cats = [{ id: 'c1', categoryGroups: ['g2', 'g3', 'gone'] }];
  it('a group selects itself when still active', () => {
    expect(blockSelection({ group: 'g1', groupCategory: null }, ['g1', 'g2'], cats)).toEqual(['g1']);
    expect(blockSelection({ group: 'g9', groupCategory: null }, ['g1'], cats)).toBeNull();
  });
  it('a category selects its active groups', () => {
    expect(blockSelection({ group: null, groupCategory: 'c1' }, ['g1', 'g3', 'g2'], cats)).toEqual([
      'g3',
      'g2',
    ]);
    expect(blockSelection({ group: null, groupCategory: 'c9' }, ['g1'], cats)).toBeNull();
    expect(blockSelection({ group: null, groupCategory: null }, ['g1'], cats)).toBeNull();
  });
});

describe('repeat and form', () => {
  it('maps repeats to rules and back', () => {
    for (const r of ['never', 'daily', 'weekdays', 'weekly'] as const) {
      expect(repeatFromRule(ruleForRepeat(r))).toBe(r);
    }
    expect(ruleForRepeat('weekdays')).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(repeatFromRule('RRULE:FREQ=WEEKLY;BYDAY=MO')).toBe('weekly');
  });

  it('writes the start in the block zone and round-trips', () => {
    const v = formFromBlock(block());
    expect(v.start).toBe('2026-03-09T09:00');
    const body = blockBody(v);
    expect(body.startDate).toBe('2026-03-09T08:00:00Z');
    expect(body).toMatchObject({ group: 'g1', groupCategory: null, duration: 120, timezone: 'Europe/Paris' });
    const check = formValidator(timeBlockForm, () => 'Required');
    expect(check(v)).toEqual({});
    expect(check({ ...v, duration: 0, group: '' })).toEqual({ duration: 'Required', group: 'Required' });
  });
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
