import { describe, expect, it } from 'vitest';
import { groupByDay, weekWindow } from '../src/features/routines/utils/days.ts';
import {
  localDay,
  markNormalised,
  normalisationStorageKey,
  parseLast,
  shouldNormalise,
  staleAfterNormalisation,
} from '../src/features/routines/utils/normalisation.ts';
import { taskKey, tasksKey } from '../src/features/tasks/api/tasks.ts';

const at = (iso: string) => new Date(iso);

describe('daily normalisation decision', () => {
  it('runs when it never ran for this user', () => {
    expect(shouldNormalise(null, at('2026-03-10T08:00:00Z'), 'Europe/Paris')).toBe(true);
  });

  it('runs once per local day', () => {
    const last = markNormalised(at('2026-03-10T08:00:00Z'), 'Europe/Paris');
    expect(shouldNormalise(last, at('2026-03-10T21:00:00Z'), 'Europe/Paris')).toBe(false);
    // 23:30 UTC is already the 11th in Paris.
    expect(shouldNormalise(last, at('2026-03-10T23:30:00Z'), 'Europe/Paris')).toBe(true);
  });

  it('runs again when the time zone setting changes', () => {
    const last = markNormalised(at('2026-03-10T08:00:00Z'), 'Europe/Paris');
    expect(shouldNormalise(last, at('2026-03-10T09:00:00Z'), 'America/New_York')).toBe(true);
  });

  it('reads the day in the user zone', () => {
    expect(localDay(at('2026-03-10T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    expect(localDay(at('2026-03-10T23:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-11');
  });

  it("reads the day in the computer's zone when the zone is unknown", () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(localDay(now, 'Not/AZone')).toBe(localDay(now, Intl.DateTimeFormat().resolvedOptions().timeZone));
  });

  it('keys the storage by user and ignores garbage', () => {
    expect(normalisationStorageKey('u1')).not.toBe(normalisationStorageKey('u2'));
    expect(parseLast(null)).toBeNull();
    expect(parseLast('{bad')).toBeNull();
    expect(parseLast('{"day":1}')).toBeNull();
    expect(parseLast('{"day":"2026-03-10","zone":"UTC"}')).toEqual({ day: '2026-03-10', zone: 'UTC' });
  });
});

describe('routine occurrence days', () => {
  it('a week runs Sunday to Saturday', () => {
    const w = weekWindow(new Date(2026, 2, 11, 15)); // Wednesday
    expect(w.start.getDay()).toBe(0);
    expect(w.start.getDate()).toBe(8);
    expect((w.end.getTime() - w.start.getTime()) / 86_400_000).toBeCloseTo(7, 0);
  });

  it('groups occurrences by day in order', () => {
    const o = (start: string) =>
      ({ taskId: start, originalStart: start, start, end: start, allDay: false, timezone: 'UTC' }) as never;
    const a = new Date(2026, 2, 10, 9).toISOString();
    const b = new Date(2026, 2, 10, 7).toISOString();
    const c = new Date(2026, 2, 9, 7).toISOString();
    const days = groupByDay([o(a), o(b), o(c)]);
    expect(days.map((d) => d.day)).toEqual(['2026-03-09', '2026-03-10']);
    expect(days[1]!.occurrences.map((x) => x.start)).toEqual([b, a]);
  });
});

describe('what a normalisation reads again (D34)', () => {
  const keys = [
    tasksKey({ priorityGroup: 0, size: 10 }),
    tasksKey({ priorityGroup: 1, size: 10 }),
    tasksKey({ priorityGroup: 5, size: 10 }),
    tasksKey({ page: 1 }),
    taskKey('t1'),
    ['schedule', '2026-03-01', '2026-04-01'],
    ['subscription-limits'],
    ['groups'],
    ['user-config'],
  ];
  const stale = (changed: number[]) => keys.filter(staleAfterNormalisation(changed));

  it('an unchanged normalisation reads nothing again', () => {
    expect(stale([])).toEqual([]);
  });

  it('moves read again the lists of the groups they touched, not the others', () => {
    expect(stale([0, 1])).toEqual([
      tasksKey({ priorityGroup: 0, size: 10 }),
      tasksKey({ priorityGroup: 1, size: 10 }),
      tasksKey({ page: 1 }),
      taskKey('t1'),
    ]);
  });

  it('new routine instances read Routines, the calendar and the limits again', () => {
    expect(stale([5])).toEqual([
      tasksKey({ priorityGroup: 5, size: 10 }),
      tasksKey({ page: 1 }),
      taskKey('t1'),
      ['schedule', '2026-03-01', '2026-04-01'],
      ['subscription-limits'],
    ]);
  });
});
