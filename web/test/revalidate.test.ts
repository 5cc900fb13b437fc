import { describe, expect, it } from 'vitest';
import { attachmentsKey } from '../src/features/attachments/api/attachments.ts';
import { scheduleKey } from '../src/features/calendar/api/schedule.ts';
import { categoriesKey } from '../src/features/categories/api/list-categories.ts';
import { messagesKey, recentChatsKey, taskChatKey } from '../src/features/chat/api/chat.ts';
import { assignedKey } from '../src/features/delegation/api/delegation.ts';
import { pendingKey } from '../src/features/delegation/api/pending.ts';
import { subscriptionLimitsKey } from '../src/features/groups/api/get-subscription-limits.ts';
import { groupsKey } from '../src/features/groups/api/list-groups.ts';
import { taskScheduleKey } from '../src/features/schedule/api/schedule.ts';
import { limitsKey } from '../src/features/subscription/api/subscription-limits.ts';
import { taskKey, taskRolesKey, tasksKey } from '../src/features/tasks/api/tasks.ts';
import { timeBlocksKey } from '../src/features/time-blocks/api/time-blocks.ts';
import { type Change, STALE_AFTER, staleAfter } from '../src/lib/revalidate.ts';
import { authUserKey } from '../src/lib/user/get-auth-user.ts';
import { subscriptionKey } from '../src/lib/user/get-subscription.ts';
import { userConfigKey } from '../src/lib/user/get-user-config.ts';

const range = { start: new Date('2026-11-23T00:00:00Z'), end: new Date('2026-11-30T00:00:00Z') };

/** Every SWR key the web app reads, by what it shows. */
const keys = {
  taskList: tasksKey({ priorityGroup: 0, groups: 'g1' }),
  oneTask: taskKey('t1'),
  taskRoles: taskRolesKey('t1'),
  pending: pendingKey,
  delegated: assignedKey(1),
  calendar: scheduleKey(range),
  routineOccurrences: ['schedule', 'routines', 'a', 'b'],
  taskSchedule: taskScheduleKey('t1'),
  groups: groupsKey,
  categories: categoriesKey,
  ownedGroupCount: subscriptionLimitsKey(['ownedGroup', 'ownedGroupMemberAmount']),
  memberCount: subscriptionLimitsKey(['ownedGroup', 'ownedGroupMemberAmount'], 'g1'),
  billingLimits: limitsKey,
  subscription: subscriptionKey,
  userConfig: userConfigKey,
  authUser: authUserKey,
  timeBlocks: timeBlocksKey,
  recentChats: recentChatsKey,
  taskChat: taskChatKey('t1'),
  chatMessages: messagesKey('t1', 2),
  files: attachmentsKey('t1', 'file'),
} as const;
type View = keyof typeof keys;

const refreshed = (...changes: Change[]) =>
  (Object.keys(keys) as View[]).filter((v) => staleAfter(...changes)(keys[v])).sort();

describe('what a change reads again', () => {
  it('a new or changed group: the owned-group count, the header, categories and what shows its name', () => {
    expect(refreshed('group')).toEqual(
      (
        [
          'billingLimits',
          'calendar',
          'categories',
          'delegated',
          'groups',
          'memberCount',
          'oneTask',
          'ownedGroupCount',
          'pending',
          'routineOccurrences',
          'subscription',
          'taskList',
          'taskRoles',
          'timeBlocks',
          'userConfig',
        ] as View[]
      ).sort(),
    );
  });

  it('a task change: every task list, the calendar and routines, its schedule and the task counters', () => {
    const r = refreshed('task');
    for (const v of [
      'taskList',
      'oneTask',
      'pending',
      'delegated',
      'calendar',
      'routineOccurrences',
      'taskSchedule',
      'billingLimits',
    ] as View[]) {
      expect(r).toContain(v);
    }
    expect(r).not.toContain('groups');
    expect(r).not.toContain('userConfig');
  });

  it('a calendar change reaches the task lists, and a member change the member counts', () => {
    expect(refreshed('schedule')).toEqual(
      (
        [
          'calendar',
          'delegated',
          'oneTask',
          'pending',
          'routineOccurrences',
          'taskList',
          'taskRoles',
          'taskSchedule',
        ] as View[]
      ).sort(),
    );
    expect(refreshed('member')).toContain('memberCount');
    expect(refreshed('member')).toContain('groups');
    expect(refreshed('category')).toEqual(['categories']);
    expect(refreshed('timeBlock')).toEqual(['timeBlocks']);
    expect(refreshed('chat')).toEqual(['chatMessages', 'recentChats', 'taskChat']);
    expect(refreshed('task')).not.toContain('taskChat');
    expect(refreshed('attachment')).toEqual(['files']);
  });

  it('every key the app reads is refreshed by some change', () => {
    const all = refreshed(...(Object.keys(STALE_AFTER) as Change[]));
    expect(all).toEqual((Object.keys(keys) as View[]).sort());
  });

  it('ignores keys that are not arrays or name something else', () => {
    const m = staleAfter('group', 'task');
    expect(m('groups')).toBe(false);
    expect(m(['timezones', 50])).toBe(false);
    expect(m([])).toBe(false);
  });
});
