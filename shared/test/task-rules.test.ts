import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEVEL,
  isChoosablePriorityGroup,
  PRIORITY_GROUPS,
  TASK_LEVELS,
  TASK_STATUSES,
} from '../src/tasks/constants.ts';
import {
  applySaveRules,
  canHaveChildren,
  checklistProgress,
  isDueToday,
  isOnTodayList,
  isPinnedToToday,
  isValidMove,
  subtaskTitlesFrom,
  type TaskState,
} from '../src/tasks/rules.ts';
import { sortCodeBetween, sortCodeFor } from '../src/tasks/sort-codes.ts';

const now = new Date('2026-11-21T15:00:00Z');
const base: TaskState = {
  status: 1,
  mode: 'active',
  flag: 3,
  priorityGroup: 1,
  dueAt: null,
  completionAt: null,
  activatedAt: '2026-11-20T10:00:00.000Z',
  taskPosition: 'bottom',
};

describe('task vocabulary', () => {
  it('has statuses 1-4 with Done shown as Completed, and ToDo as the default level', () => {
    expect(TASK_STATUSES.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(TASK_STATUSES[3]!.title).toBe('Completed');
    expect(TASK_LEVELS.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(TASK_LEVELS.find((l) => l.id === DEFAULT_LEVEL)!.title).toBe('ToDo');
  });

  it('titles Now as Today in lists and lets only groups below 4 be chosen', () => {
    expect(PRIORITY_GROUPS[0]).toMatchObject({ id: 0, title: 'Now', listTitle: 'Today' });
    expect([0, 1, 2, 3].every(isChoosablePriorityGroup)).toBe(true);
    expect([4, 5, 6, 8].some(isChoosablePriorityGroup)).toBe(false);
  });
});

describe('save rules', () => {
  it('marking Done stamps completion, completes the mode and sends the task to the bottom', () => {
    const r = applySaveRules(base, { ...base, status: 4, taskPosition: 'top' }, now);
    expect(r).toMatchObject({
      status: 4,
      mode: 'completed',
      completionAt: now.toISOString(),
      taskPosition: 'bottom',
    });
  });

  it('reopening a Done task clears its completion and makes it active again', () => {
    const done = applySaveRules(base, { ...base, status: 4 }, now);
    const reopened = applySaveRules(done, { ...done, status: 2 }, now);
    expect(reopened).toMatchObject({ completionAt: null, mode: 'active' });
  });

  it('an urgent flag sends the task to the top', () => {
    expect(applySaveRules(base, { ...base, flag: 1 }, now).taskPosition).toBe('top');
  });

  it('a new active task gets its activation time; a draft does not', () => {
    expect(applySaveRules(null, { ...base, activatedAt: null }, now).activatedAt).toBe(now.toISOString());
    expect(applySaveRules(null, { ...base, mode: 'draft', activatedAt: null }, now).activatedAt).toBeNull();
    expect(applySaveRules(base, { ...base, title: 'x' } as TaskState, now).activatedAt).toBe(
      base.activatedAt,
    );
  });

  it('keeps a position the user dragged to', () => {
    const custom = { ...base, taskPosition: 'custom' as const };
    expect(applySaveRules(custom, { ...custom, status: 2 }, now).taskPosition).toBe('custom');
  });
});

describe('today list', () => {
  it('decides "due today" in the user\'s own zone', () => {
    // 02:00 UTC on the 22nd is still the 21st in New York, already the 22nd in Berlin.
    const due = '2026-11-22T02:00:00Z';
    expect(isDueToday(due, 'America/New_York', now)).toBe(true);
    expect(isDueToday(due, 'Europe/Berlin', now)).toBe(false);
  });

  it('answers as Luxon did, in every kind of zone, around midnights and clock changes, however the date is written', () => {
    const luxon = (dueAt: string, zone: string, at: Date) => {
      const due = DateTime.fromISO(dueAt, { zone });
      return due.isValid && due.hasSame(DateTime.fromJSDate(at, { zone }), 'day');
    };
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Apia',
      'Nowhere/Invalid',
    ];
    // A fixed pseudo-random walk: the same cases every run.
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const start = Date.parse('2026-01-01T00:00:00Z');
    let compared = 0;
    for (let i = 0; i < 1500; i++) {
      const zone = zones[i % zones.length]!;
      // Whole hours and minutes near each other, so that many pairs sit on either side of a midnight.
      const at = new Date(start + Math.floor(rand() * 365 * 24 * 4) * 15 * 60_000);
      const due = new Date(at.getTime() + Math.round((rand() - 0.5) * 48) * 30 * 60_000);
      const wall = DateTime.fromJSDate(due, { zone: zone === 'Nowhere/Invalid' ? 'UTC' : zone });
      for (const dueAt of [
        due.toISOString(),
        wall.toISO() ?? '',
        wall.toISO({ includeOffset: false }) ?? '',
        wall.toISODate() ?? '',
        `${due.toISOString().slice(0, 16)}+05:30`,
        '2026-02-30T10:00:00Z',
        'tomorrow',
      ]) {
        expect(isDueToday(dueAt, zone, at), `${dueAt} in ${zone} at ${at.toISOString()}`).toBe(
          luxon(dueAt, zone, at),
        );
        compared++;
      }
    }
    expect(compared).toBe(10_500);
  }, 60_000);

  it('holds urgent tasks, tasks due today and tasks done within a day', () => {
    expect(isOnTodayList({ ...base, flag: 1 }, 'UTC', now)).toBe(true);
    expect(isOnTodayList({ ...base, dueAt: '2026-11-21T23:00:00Z' }, 'UTC', now)).toBe(true);
    expect(isOnTodayList({ ...base, dueAt: '2026-11-22T09:00:00Z' }, 'UTC', now)).toBe(false);
    expect(isOnTodayList({ ...base, status: 4, completionAt: '2026-11-20T16:00:00Z' }, 'UTC', now)).toBe(
      true,
    );
    expect(isOnTodayList({ ...base, status: 4, completionAt: '2026-11-20T14:59:00Z' }, 'UTC', now)).toBe(
      false,
    );
    expect(isOnTodayList(base, 'UTC', now)).toBe(false);
  });

  it('pins urgent and due-today tasks, but not Done ones', () => {
    expect(isPinnedToToday({ ...base, flag: 1 }, 'UTC', now)).toBe(true);
    expect(isPinnedToToday({ ...base, flag: 1, status: 4 }, 'UTC', now)).toBe(false);
    expect(isPinnedToToday(base, 'UTC', now)).toBe(false);
  });
});

describe('trees', () => {
  it('refuses a child under a level-8 issue', () => {
    expect(canHaveChildren(7)).toBe(true);
    expect(canHaveChildren(8)).toBe(false);
  });

  it('refuses a move under the task itself or any of its descendants', () => {
    expect(isValidMove('a', 'b', ['x'])).toBe(true);
    expect(isValidMove('a', null, [])).toBe(true);
    expect(isValidMove('a', 'a', [])).toBe(false);
    expect(isValidMove('a', 'grandchild', ['child', 'a', 'root'])).toBe(false);
  });
});

describe('sort codes', () => {
  it('fits a code between any two neighbours without touching them, however often', () => {
    let lo = sortCodeBetween(null, null);
    const hi = sortCodeBetween(lo, null);
    for (let i = 0; i < 50; i++) {
      const mid = sortCodeBetween(lo, hi);
      expect(lo < mid && mid < hi).toBe(true);
      lo = mid;
    }
  });

  it('places top before and bottom after every other code', () => {
    const codes = ['a1', 'a3', 'a2'];
    expect(sortCodeFor('top', codes) < 'a1').toBe(true);
    expect(sortCodeFor('bottom', codes) > 'a3').toBe(true);
    expect(sortCodeFor('top', [])).toBeTruthy();
  });
});

describe('descriptions', () => {
  it('counts checklist items done over total', () => {
    expect(checklistProgress('- [x] milk\n- [ ] eggs\n[X] bread\nnot an item')).toEqual({
      done: 2,
      total: 3,
    });
    expect(checklistProgress('plain text')).toEqual({ done: 0, total: 0 });
  });

  it('turns a long description into sub-task titles of about 50 characters', () => {
    const titles = subtaskTitlesFrom(
      '· Call the venue about the date\no Send the invitations to everyone on the long list we made last week\n§ Book',
    );
    expect(titles[0]).toBe('Call the venue about the date');
    expect(titles[1]!.endsWith('…')).toBe(true);
    expect(titles[1]!.length).toBeLessThanOrEqual(51);
    expect(titles[2]).toBe('Book');
  });
});

describe('update guard', () => {
  it("refuses an update without a task id with 'Task ID is undefined'", async () => {
    const { requireTaskId } = await import('../src/tasks/schemas.ts');
    expect(() => requireTaskId(undefined)).toThrow('Task ID is undefined');
    expect(() => requireTaskId('')).toThrow('Task ID is undefined');
    expect(requireTaskId('t1')).toBe('t1');
  });
});
