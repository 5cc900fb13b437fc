import { describe, expect, it } from 'vitest';
import { findGroup, parseQuickAdd } from '../src/features/quick-add/utils/parse-quick-add.ts';

const groups = [
  { id: 'g-work', title: 'Work' },
  { id: 'g-garden', title: 'My garden' },
  { id: 'g-private', title: 'Private' },
];
// Tuesday 24 November 2026, 12:00 UTC (13:00 in Berlin, 07:00 in New York).
const now = new Date('2026-11-24T12:00:00Z');
const berlin = { zone: 'Europe/Berlin', now, groups };

describe('quick add', () => {
  it('reads the title, due date and time, flag and group of "Call Anna tomorrow 3pm !urgent #Work"', () => {
    const text = 'Call Anna tomorrow 3pm !urgent #Work';
    const q = parseQuickAdd(text, berlin);
    expect(q.title).toBe('Call Anna');
    expect(q.dueAt).toBe('2026-11-25T14:00:00Z');
    expect(q.dueHasTime).toBe(true);
    expect(q.urgent).toBe(true);
    expect(q.group).toEqual({ id: 'g-work', title: 'Work' });
    expect(q.parts.map((p) => [p.kind, text.slice(p.start, p.end)])).toEqual([
      ['date', 'tomorrow 3pm'],
      ['flag', '!urgent'],
      ['group', '#Work'],
    ]);
  });

  it('makes a date without a time due at the end of that day in the person’s zone', () => {
    const q = parseQuickAdd('Pay rent friday', berlin);
    expect(q.title).toBe('Pay rent');
    expect(q.dueAt).toBe('2026-11-27T22:59:00Z');
    expect(q.dueHasTime).toBe(false);
    expect(q.urgent).toBe(false);
    expect(q.group).toBeNull();
  });

  it('counts "tomorrow" from the day in the person’s zone, not the computer’s', () => {
    const late = new Date('2026-11-25T03:00:00Z'); // 22:00 on the 24th in New York, 04:00 on the 25th in Berlin
    expect(parseQuickAdd('Gym tomorrow 9am', { zone: 'America/New_York', now: late, groups }).dueAt).toBe(
      '2026-11-25T14:00:00Z',
    );
    expect(parseQuickAdd('Gym tomorrow 9am', { zone: 'Europe/Berlin', now: late, groups }).dueAt).toBe(
      '2026-11-26T08:00:00Z',
    );
  });

  it('keeps an unknown #name in the title and says so', () => {
    const q = parseQuickAdd('Ask about #Nope', berlin);
    expect(q.title).toBe('Ask about #Nope');
    expect(q.group).toBeNull();
    expect(q.unknownGroup).toBe('Nope');
    expect(q.parts).toEqual([]);
  });

  it('takes !! as urgent, but not inside a word, and leaves plain text alone', () => {
    expect(parseQuickAdd('Fix leak !!', berlin)).toMatchObject({ title: 'Fix leak', urgent: true });
    expect(parseQuickAdd('Say wow!! twice', berlin)).toMatchObject({
      title: 'Say wow!! twice',
      urgent: false,
    });
    expect(parseQuickAdd('Buy milk', berlin)).toMatchObject({
      title: 'Buy milk',
      dueAt: null,
      urgent: false,
    });
  });

  it('finds a group by a squashed or unique partial name', () => {
    expect(findGroup('my_garden', groups)?.id).toBe('g-garden');
    expect(findGroup('gard', groups)).toBeNull(); // "My garden" does not start with it
    expect(findGroup('My', groups)?.id).toBe('g-garden');
    expect(findGroup('p', groups)?.id).toBe('g-private');
    expect(findGroup('', groups)).toBeNull();
  });
});
