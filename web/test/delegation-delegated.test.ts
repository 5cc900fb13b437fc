import type { TaskView } from '@tandem/shared/tasks/views';
import { describe, expect, it } from 'vitest';
import { groupByAssignee, matchesAssignee } from '../src/features/delegation/utils/delegated.ts';

const me = 'u-me';
const person = (user: string, name: string, email: string, role: 5 | 6 = 5) => ({
  user,
  email,
  assigneeName: name,
  avatar: null,
  role,
  createdAt: '2030-01-01T00:00:00Z',
});
const task = (id: string, over: Partial<TaskView> = {}): TaskView =>
  ({
    id,
    title: `Task ${id}`,
    dueAt: null,
    taskAssignees: [],
    pendingAssignees: [],
    delegationType: 'SI',
    ...over,
  }) as TaskView;

describe('Delegated tab grouping (spec 001 §2: grouped by assignee)', () => {
  it('puts a task under each assignee but the caller', () => {
    const groups = groupByAssignee(
      [
        task('1', {
          delegationType: 'SH',
          taskAssignees: [
            person(me, 'Me', 'me@example.com', 6),
            person('u-b', 'Bob', 'bob@example.com'),
            person('u-c', 'Cat', 'cat@example.com', 6),
          ],
        }),
      ],
      me,
    );
    expect(groups.map((g) => [g.key, g.name, g.entries.map((e) => [e.task.id, e.role])])).toEqual([
      ['u-b', 'Bob', [['1', 5]]],
      ['u-c', 'Cat', [['1', 6]]],
    ]);
  });

  it('groups an invitee under their e-mail, marked pending, after the assignees', () => {
    const groups = groupByAssignee(
      [
        task('1', {
          taskAssignees: [person(me, 'Me', 'me@example.com', 6)],
          pendingAssignees: [
            { id: 'inv', email: 'New@Example.com', role: 6, status: 'pending', createdAt: '' },
          ],
        }),
        task('2', { taskAssignees: [person('u-z', 'Zoe', 'zoe@example.com')] }),
      ],
      me,
    );
    expect(groups.map((g) => [g.key, g.pending, g.entries[0]!.invitation])).toEqual([
      ['u-z', false, null],
      ['e:new@example.com', true, 'pending'],
    ]);
  });

  it('an invitee who is an assignee of another task joins that person’s group', () => {
    const groups = groupByAssignee(
      [
        task('1', { taskAssignees: [person('u-b', 'Bob', 'bob@example.com')] }),
        task('2', {
          pendingAssignees: [
            { id: 'inv', email: 'bob@example.com', role: 5, status: 'refused', createdAt: '' },
          ],
        }),
      ],
      me,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.entries.map((e) => [e.task.id, e.invitation])).toEqual([
      ['1', null],
      ['2', 'refused'],
    ]);
  });

  it('individual copies land under their one assignee, ordered by due date', () => {
    const groups = groupByAssignee(
      [
        task('c1', {
          delegationType: 'IC',
          dueAt: '2030-03-01T00:00:00Z',
          taskAssignees: [person('u-b', 'Bob', 'bob@example.com')],
        }),
        task('c2', {
          delegationType: 'IC',
          dueAt: '2030-02-01T00:00:00Z',
          taskAssignees: [person('u-b', 'Bob', 'bob@example.com')],
        }),
        task('c3', { delegationType: 'IC', taskAssignees: [person('u-c', 'Cat', 'cat@example.com')] }),
      ],
      me,
    );
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.task.id)])).toEqual([
      ['u-b', ['c2', 'c1']],
      ['u-c', ['c3']],
    ]);
  });

  it('?assignee= matches a user id or an e-mail, case-insensitively', () => {
    const [bob, invitee] = groupByAssignee(
      [
        task('1', {
          taskAssignees: [person('u-b', 'Bob', 'bob@example.com')],
          pendingAssignees: [
            { id: 'inv', email: 'new@example.com', role: 5, status: 'pending', createdAt: '' },
          ],
        }),
      ],
      me,
    );
    expect(matchesAssignee(bob!, 'u-b')).toBe(true);
    expect(matchesAssignee(bob!, 'BOB@example.com')).toBe(true);
    expect(matchesAssignee(invitee!, 'new@example.com')).toBe(true);
    expect(matchesAssignee(invitee!, 'u-b')).toBe(false);
    expect(matchesAssignee(bob!, null)).toBe(false);
  });
});
