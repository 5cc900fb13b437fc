/**
 * The socket's event guards (api/realtime.ts): the web client acts on what it recognises — a task,
 * group, roster or own-placement event — and ignores anything else; and the 409's current task is
 * read only from a task conflict's detail (tasks/conflict.ts).
 */
import { describe, expect, test } from 'vitest';
import {
  GROUP_EVENT_TYPES,
  isGroupEvent,
  isMembershipEvent,
  isPlacementEvent,
  isTaskEvent,
  MEMBERSHIP_EVENT_TYPE,
  PLACEMENT_EVENT_TYPE,
  TASK_EVENT_TYPES,
} from '../src/api/realtime.ts';
import { conflictTaskOf } from '../src/tasks/conflict.ts';

const at = '2026-11-25T10:00:00.000Z';

describe('event guards', () => {
  const group = { type: GROUP_EVENT_TYPES.group, id: 'e1', group_id: 'g1', change: 'changed', at };
  const roster = { type: GROUP_EVENT_TYPES.roster, id: 'e1:roster', group_id: 'g1', at };
  const placement = { type: PLACEMENT_EVENT_TYPE, id: 'e2', task_id: 't1', priority_group: 1, at };
  const task = { type: TASK_EVENT_TYPES.changed, id: 'e3', task_id: 't1', group_id: 'g1', at };

  test('each event is recognised by its own guard only', () => {
    expect([group, roster, placement, task].map(isGroupEvent)).toEqual([true, true, false, false]);
    expect([group, roster, placement, task].map(isPlacementEvent)).toEqual([false, false, true, false]);
    expect([group, roster, placement, task].map(isTaskEvent)).toEqual([false, false, false, true]);
  });

  test('an event without its id or its subject is not one', () => {
    expect(isGroupEvent({ ...group, id: undefined })).toBe(false);
    expect(isGroupEvent({ ...group, group_id: 7 })).toBe(false);
    expect(isPlacementEvent({ ...placement, task_id: undefined })).toBe(false);
    expect(isGroupEvent({ type: 'pong' })).toBe(false);
    expect(isPlacementEvent(null)).toBe(false);
  });
});

describe('membership events (D46)', () => {
  const membership = { type: MEMBERSHIP_EVENT_TYPE, id: 'e4', group_id: 'g1', change: 'order', at };
  test('a membership event is its own, not a group event (the other tabs read groups, not rosters)', () => {
    expect(isMembershipEvent(membership)).toBe(true);
    expect(isGroupEvent(membership)).toBe(false);
    expect(isMembershipEvent({ ...membership, group_id: undefined })).toBe(false);
    expect(isMembershipEvent({ type: GROUP_EVENT_TYPES.group, id: 'e1', group_id: 'g1', at })).toBe(false);
  });
});

describe('conflictTaskOf', () => {
  test("a conflict's detail gives the current task; another detail gives none", () => {
    const current = { id: 't1', version: 4, title: 'Now' };
    expect(conflictTaskOf({ message: 'changed', current })).toEqual(current);
    expect(conflictTaskOf('This was changed elsewhere meanwhile.')).toBeNull();
    expect(conflictTaskOf({ current: { id: 't1' } })).toBeNull();
    expect(conflictTaskOf(null)).toBeNull();
  });
});
