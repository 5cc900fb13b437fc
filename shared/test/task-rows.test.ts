import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dueDay, pickedDueAt, QUICK_DUE_OPTIONS, quickDueAt } from '../src/tasks/quick-due.ts';
import {
  ASSIGNEE_AVATARS_SHOWN,
  avatarStack,
  followersInPanel,
  placeBackBetween,
  UNDO_MS,
} from '../src/tasks/rows.ts';

describe('the due-date menu of a row (spec 000 §2, §9)', () => {
  it('offers today, tomorrow and next week', () => {
    expect(QUICK_DUE_OPTIONS).toEqual(['today', 'tomorrow', 'nextWeek']);
  });

  it("sets the end of the day in the person's zone, not the computer's", () => {
    // 23:30 on the 21st in UTC is already the 22nd in Tokyo.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(quickDueAt('today', now, 'Asia/Tokyo')).toBe('2026-11-22T14:59:00.000Z');
    expect(quickDueAt('today', now, 'UTC')).toBe('2026-11-21T23:59:00.000Z');
    expect(quickDueAt('tomorrow', now, 'America/New_York')).toBe('2026-11-23T04:59:00.000Z');
    expect(quickDueAt('nextWeek', now, 'UTC')).toBe('2026-11-28T23:59:00.000Z');
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Berlin leaves summer time on 25 October 2026: a week later is still 23:59 there.
    const now = new Date('2026-10-21T10:00:00Z');
    expect(quickDueAt('nextWeek', now, 'Europe/Berlin')).toBe('2026-10-28T22:59:00.000Z');
    expect(quickDueAt('today', now, 'Europe/Berlin')).toBe('2026-10-21T21:59:00.000Z');
  });

  it('turns a picked day into its end in the zone, and refuses what is not a day', () => {
    expect(pickedDueAt('2026-12-24', 'Asia/Tokyo')).toBe('2026-12-24T14:59:00.000Z');
    expect(pickedDueAt('2026-02-30', 'UTC')).toBeNull();
    expect(pickedDueAt('next friday', 'UTC')).toBeNull();
    expect(dueDay('2026-12-24T14:59:00.000Z', 'Asia/Tokyo')).toBe('2026-12-24');
    expect(dueDay('2026-12-24T14:59:00.000Z', 'America/New_York')).toBe('2026-12-24');
    expect(dueDay('2026-12-24T03:00:00.000Z', 'America/New_York')).toBe('2026-12-23');
    expect(dueDay(null, 'UTC')).toBeNull();
  });

  it('places 23:59 as Luxon did, on any day in any of these zones (clock changes included)', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Tokyo',
      'Australia/Lord_Howe',
      'America/Havana',
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1980-01-01T00:00:00Z'),
          max: new Date('2090-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (date, zone) => {
          const day = date.toISOString().slice(0, 10);
          const luxon = DateTime.fromISO(day, { zone })
            .set({ hour: 23, minute: 59, second: 0, millisecond: 0 })
            .toUTC()
            .toISO();
          expect(pickedDueAt(day, zone)).toBe(luxon);
          expect(dueDay(luxon, zone)).toBe(day);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a zone it does not know rather than guessing one', () => {
    expect(() => quickDueAt('today', new Date(), 'Mars/Olympus')).toThrow(/zone/);
  });
});

describe('assignee avatars (spec 000 §9: at most 2, then +N)', () => {
  it('shows everyone up to the limit', () => {
    expect(ASSIGNEE_AVATARS_SHOWN).toBe(2);
    expect(avatarStack(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(avatarStack(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
  });
  it('shows the first ones and counts the rest', () => {
    expect(avatarStack(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(avatarStack(['a', 'b', 'c', 'd', 'e', 'f'], 4)).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(avatarStack([])).toEqual({ shown: [], more: 0 });
  });
});

describe('undo', () => {
  it('is offered for 5 seconds', () => {
    expect(UNDO_MS).toBe(5000);
  });

  it('puts a task back between the codes either side of the one it had', () => {
    expect(placeBackBetween(['a1', 'a3', 'a5'], 'a4')).toEqual({ before: 'a3', after: 'a5' });
    // Its old neighbour has gone meanwhile: the next ones either side hold.
    expect(placeBackBetween(['a1', 'a5'], 'a4')).toEqual({ before: 'a1', after: 'a5' });
    expect(placeBackBetween(['a5', 'a6'], 'a4')).toEqual({ before: null, after: 'a5' });
    expect(placeBackBetween(['a1'], 'a4')).toEqual({ before: 'a1', after: null });
    expect(placeBackBetween([], 'a4')).toEqual({ before: null, after: null });
  });

  it('compares codes as plain strings, upper case before lower case', () => {
    expect(placeBackBetween(['Zz', 'a0', 'b'], 'a1')).toEqual({ before: 'a0', after: 'b' });
    expect(placeBackBetween(['Zz', 'a0'], 'a0')).toEqual({ before: 'Zz', after: null });
  });
});

describe('sub-tasks follow their parent to another priority group', () => {
  const panel = [
    { taskId: 'trip' },
    { taskId: 'flights', parentId: 'trip' },
    { taskId: 'seats', parentId: 'flights' },
    { taskId: 'bags', parentId: 'trip' },
    { taskId: 'other' },
    { taskId: 'other-child', parentId: 'other' },
  ];

  it('takes every descendant in the same panel, grandchildren too', () => {
    expect(followersInPanel(panel, 'trip').map((p) => p.taskId)).toEqual(['flights', 'bags', 'seats']);
  });

  it('leaves a sub-task placed in another group where it is (its chain breaks there)', () => {
    // "flights" is not in this panel: it was put in another group, and its own sub-task shows there.
    const withoutFlights = panel.filter((p) => p.taskId !== 'flights');
    expect(followersInPanel(withoutFlights, 'trip').map((p) => p.taskId)).toEqual(['bags']);
  });

  it('takes nothing from another tree, and survives a cycle in bad data', () => {
    expect(followersInPanel(panel, 'bags')).toEqual([]);
    const loop = [
      { taskId: 'a', parentId: 'b' },
      { taskId: 'b', parentId: 'a' },
    ];
    expect(followersInPanel(loop, 'a').map((p) => p.taskId)).toEqual(['b']);
  });
});
