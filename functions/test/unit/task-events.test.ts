/**
 * Who hears of a task change and as which event (functions/src/streams/task-events.ts): the people of
 * the old and the new state, never someone who may see neither.
 */
import { TASK_EVENT_TYPES } from '@tandem/shared';
import { describe, expect, test } from 'vitest';
import type { GroupRecord, RosterEntry } from '../../src/core/access/roster.ts';
import type { TaskRecord } from '../../src/core/access/task-access.ts';
import { audienceOf, invitedEmailsOf, type TaskChange, taskEvent } from '../../src/streams/task-events.ts';

const task = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  taskId: 't1',
  title: 'A task',
  description: '',
  flag: 3,
  status: 1,
  mode: 'active',
  level: 7,
  groupId: 'g1',
  rootId: 't1',
  createdBy: 'creator',
  creatorName: 'C',
  delegationType: 'SI',
  assignees: {},
  childCount: 0,
  version: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

const member = (userId: string | null, invitationStatus: RosterEntry['invitationStatus']): RosterEntry => ({
  memberId: `g~${userId}`,
  userId,
  email: `${userId}@example.com`,
  name: String(userId),
  role: 5,
  invitationStatus,
  memberStatus: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
});

const group = (groupId: string, members: RosterEntry[], deleting = false) =>
  ({
    groupId,
    members: Object.fromEntries(members.map((m) => [m.memberId, m])),
    ...(deleting ? { deleting } : {}),
  }) as unknown as GroupRecord;

const change = (kind: TaskChange['kind'], oldTask?: TaskRecord, newTask?: TaskRecord): TaskChange => ({
  eventId: 'e1',
  sequenceNumber: '1',
  kind,
  oldTask,
  newTask,
});

describe('who hears', () => {
  test('the creator, people with a role, assignees, open invitees with an account and accepted members', () => {
    const t = task({
      assignees: { asg: { userId: 'asg', email: '', name: '', role: 5, createdAt: '' } },
      roles: { r1: { id: 'r1', userId: 'editor', role: 4, createdAt: '' } },
      pending: {
        'inv@example.com': {
          email: 'inv@example.com',
          role: 5,
          status: 'pending',
          keyHash: 'h',
          invitedBy: 'creator',
          createdAt: '',
        },
        'no@example.com': {
          email: 'no@example.com',
          role: 5,
          status: 'refused',
          keyHash: 'h',
          invitedBy: 'creator',
          createdAt: '',
        },
      },
    });
    const groups = new Map([
      ['g1', group('g1', [member('mem', 'accepted'), member('asked', 'pending'), member(null, 'pending')])],
    ]);
    const users = new Map([
      ['inv@example.com', 'invitee'],
      ['no@example.com', 'refuser'],
    ]);
    expect(invitedEmailsOf(change('INSERT', undefined, t))).toEqual(['inv@example.com']);
    expect(audienceOf(change('INSERT', undefined, t), groups, users).sort()).toEqual(
      ['asg', 'creator', 'editor', 'invitee', 'mem'].sort(),
    );
  });

  test('a task moved out of a group is heard by the members of both groups', () => {
    const groups = new Map([
      ['g1', group('g1', [member('old', 'accepted')])],
      ['g2', group('g2', [member('new', 'accepted')])],
    ]);
    const c = change('MODIFY', task(), task({ groupId: 'g2', version: 2 }));
    expect(audienceOf(c, groups, new Map()).sort()).toEqual(['creator', 'new', 'old']);
  });

  test('an assignee taken off hears it; a group being deleted has no listeners left', () => {
    const before = task({
      assignees: { gone: { userId: 'gone', email: '', name: '', role: 5, createdAt: '' } },
    });
    const groups = new Map([['g1', group('g1', [member('mem', 'accepted')], true)]]);
    const c = change('MODIFY', before, task({ version: 2 }));
    expect(audienceOf(c, groups, new Map()).sort()).toEqual(['creator', 'gone']);
  });
});

describe('which event', () => {
  test('insert, change, move (group or parent) and delete', () => {
    expect(taskEvent(change('INSERT', undefined, task())).type).toBe(TASK_EVENT_TYPES.created);
    expect(taskEvent(change('MODIFY', task(), task({ title: 'x', version: 2 }))).type).toBe(
      TASK_EVENT_TYPES.changed,
    );
    const moved = taskEvent(change('MODIFY', task(), task({ parentId: 'p1', version: 2 })));
    expect(moved).toMatchObject({
      type: TASK_EVENT_TYPES.moved,
      parent_id: 'p1',
      previous_parent_id: null,
      previous_group_id: 'g1',
      version: 2,
    });
    expect(taskEvent(change('MODIFY', task(), task({ groupId: 'g2' }))).type).toBe(TASK_EVENT_TYPES.moved);
    const deleted = taskEvent(change('REMOVE', task(), undefined));
    expect(deleted).toMatchObject({
      type: TASK_EVENT_TYPES.deleted,
      id: 'e1',
      task_id: 't1',
      group_id: 'g1',
    });
    expect(deleted).not.toHaveProperty('version');
  });
});
