/** The task rules as the spec writes them (issue 9, finding 7): Today, issues, groups 8 and 9, counters. */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/groups/roles.ts';
import {
  CREATOR_ASSIGNEE_ROLE,
  isChoosablePriorityGroup,
  isRequestablePriorityGroup,
  PRIORITY_GROUP,
  PRIORITY_GROUPS,
} from '../src/tasks/constants.ts';
import { listTasksQuery } from '../src/tasks/request-schemas.ts';
import {
  isGroupLocked,
  isOnTodayList,
  isPromotedToToday,
  issuesWithChildren,
  type TodayFacts,
  todayPlacement,
} from '../src/tasks/rules.ts';
import { createTaskInput, updateTaskInput } from '../src/tasks/schemas.ts';
import { isInternalAccount, parseAllowList } from '../src/user/allow-list.ts';
import { sumCounts, taskCountDelta, taskCounts } from '../src/user/limits.ts';

const now = new Date('2026-11-21T15:00:00Z');
const open: TodayFacts = { status: 1, flag: 3, dueAt: null };

describe('priority groups 8 and 9', () => {
  it('has Issues (8) and base tasks (9); neither is choosable in the form, 8 may be asked for', () => {
    expect(PRIORITY_GROUP).toMatchObject({ issue: 8, baseTasks: 9 });
    expect(PRIORITY_GROUPS.map((g) => g.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9]);
    expect(isChoosablePriorityGroup(8) || isChoosablePriorityGroup(9)).toBe(false);
    expect(isRequestablePriorityGroup(8)).toBe(true);
    expect([4, 5, 6, 9].some(isRequestablePriorityGroup)).toBe(false);
    expect(createTaskInput.safeParse({ title: 'x', group: 'g', priorityGroup: 8 }).success).toBe(true);
    expect(updateTaskInput.safeParse({ priorityGroup: 9 }).success).toBe(false);
    expect(listTasksQuery.parse({ priorityGroup: '9' }).priorityGroup).toBe(9);
    expect(listTasksQuery.safeParse({ priorityGroup: '7' }).success).toBe(false);
  });
});

describe('the creator of a quick task', () => {
  it('is its assignee with the standard role, 5 (spec 000 §3, §6)', () => {
    expect(CREATOR_ASSIGNEE_ROLE).toBe(ROLES.standard);
    expect(CREATOR_ASSIGNEE_ROLE).toBe(5);
  });
});

describe('Today rule', () => {
  const zone = 'Europe/Berlin';
  it('holds urgent tasks, tasks due or starting today in the person’s zone, and Done within a day', () => {
    expect(isOnTodayList(open, zone, now)).toBe(false);
    expect(isOnTodayList({ ...open, flag: 1 }, zone, now)).toBe(true);
    // 23:30 UTC on the 21st is the 22nd in Berlin: not today there, but today in UTC.
    expect(isOnTodayList({ ...open, dueAt: '2026-11-21T23:30:00Z' }, zone, now)).toBe(false);
    expect(isOnTodayList({ ...open, dueAt: '2026-11-21T23:30:00Z' }, 'UTC', now)).toBe(true);
    expect(isOnTodayList({ ...open, scheduledStart: '2026-11-21T08:00:00Z' }, zone, now)).toBe(true);
    expect(isOnTodayList({ ...open, status: 4, completionAt: '2026-11-21T01:00:00Z' }, zone, now)).toBe(true);
    expect(isOnTodayList({ ...open, status: 4, completionAt: '2026-11-20T14:00:00Z' }, zone, now)).toBe(
      false,
    );
    expect(isPromotedToToday({ ...open, flag: 1, status: 4 }, zone, now)).toBe(false);
  });

  it('sends a task that becomes Done to the bottom of Today, and a promoted one to the top', () => {
    expect(todayPlacement(open, { ...open, status: 4 }, 2, zone, now)).toEqual({
      priorityGroup: 0,
      position: 'bottom',
    });
    expect(todayPlacement(open, { ...open, flag: 1 }, 1, zone, now)).toEqual({
      priorityGroup: 0,
      position: 'top',
    });
    expect(todayPlacement(open, { ...open, dueAt: '2026-11-21T18:00:00Z' }, 3, zone, now)).toEqual({
      priorityGroup: 0,
      position: 'top',
    });
    expect(todayPlacement(null, { ...open, scheduledStart: '2026-11-21T18:00:00Z' }, 4, zone, now)).toEqual({
      priorityGroup: 0,
      position: 'top',
    });
  });

  it('moves nothing when the save changes nothing the rule reads, or in the lists of their own', () => {
    expect(todayPlacement(null, open, 2, zone, now)).toBeNull();
    expect(todayPlacement({ ...open, flag: 1 }, { ...open, flag: 1 }, 0, zone, now)).toBeNull();
    expect(todayPlacement({ ...open, status: 4 }, { ...open, status: 4 }, 0, zone, now)).toBeNull();
    for (const own of [5, 6, 8, 9]) {
      expect(todayPlacement(open, { ...open, status: 4 }, own, zone, now)).toBeNull();
      expect(todayPlacement(open, { ...open, flag: 1 }, own, zone, now)).toBeNull();
    }
  });
});

describe('issues take no sub-items', () => {
  it('names every issue that would have a child after a change', () => {
    expect(
      issuesWithChildren([
        { id: 'a', level: 7, parentId: null },
        { id: 'b', level: 8, parentId: 'a' },
      ]),
    ).toEqual([]);
    expect(
      issuesWithChildren([
        { id: 'a', level: 8, parentId: null },
        { id: 'b', level: 7, parentId: 'a' },
        { id: 'c', level: 7, parentId: 'a' },
      ]),
    ).toEqual(['a']);
  });
});

describe('individual delegation', () => {
  it('locks the group of the individual parent and of its copies', () => {
    expect(isGroupLocked('IP')).toBe(true);
    expect(isGroupLocked('IC')).toBe(true);
    expect(isGroupLocked('SI') || isGroupLocked('SH')).toBe(false);
  });
});

describe('task counters', () => {
  const t = { mode: 'active', createdBy: 'ann', assigneeIds: ['ann'], routineInstance: false };
  it('counts a task in total and active, delegated when someone else holds it, instances apart', () => {
    expect(taskCounts(t)).toEqual({
      totalTasks: 1,
      activeTasks: 1,
      delegatedTasks: 0,
      totalRoutineInstances: 0,
    });
    expect(taskCounts({ ...t, mode: 'draft', assigneeIds: ['ann', 'bob'] })).toEqual({
      totalTasks: 1,
      activeTasks: 0,
      delegatedTasks: 1,
      totalRoutineInstances: 0,
    });
    expect(taskCounts({ ...t, routineInstance: true })).toEqual({
      totalTasks: 0,
      activeTasks: 0,
      delegatedTasks: 0,
      totalRoutineInstances: 1,
    });
  });

  it('gives the change of a create, an update and a delete', () => {
    expect(taskCountDelta(null, t)).toMatchObject({ totalTasks: 1, activeTasks: 1 });
    expect(taskCountDelta(t, { ...t, mode: 'completed' })).toEqual({
      totalTasks: 0,
      activeTasks: -1,
      delegatedTasks: 0,
      totalRoutineInstances: 0,
    });
    expect(taskCountDelta({ ...t, assigneeIds: ['bob'] }, null)).toEqual({
      totalTasks: -1,
      activeTasks: -1,
      delegatedTasks: -1,
      totalRoutineInstances: 0,
    });
    expect(sumCounts([{ totalTasks: 1 }, { totalTasks: 2, activeTasks: -1 }])).toEqual({
      totalTasks: 3,
      activeTasks: -1,
      delegatedTasks: 0,
      totalRoutineInstances: 0,
    });
  });
});

describe('internal accounts', () => {
  it('reads the allow-list from configuration, case-insensitively', () => {
    const list = parseAllowList(' Ops@Example.com, staff@example.com\nlead@example.com ');
    expect(isInternalAccount(list, 'ops@example.com')).toBe(true);
    expect(isInternalAccount(list, 'LEAD@example.com')).toBe(true);
    expect(isInternalAccount(list, 'someone@example.com')).toBe(false);
    expect(isInternalAccount(parseAllowList(undefined), 'ops@example.com')).toBe(false);
    expect(isInternalAccount(list, null)).toBe(false);
  });
});
