/**
 * What a change of a group item means (functions/src/streams/group-events.ts) and of a placement
 * (placement-events.ts): which events, and who hears them.
 */
import { GROUP_EVENT_TYPES, PLACEMENT_EVENT_TYPE } from '@tandem/shared';
import { describe, expect, test } from 'vitest';
import type { GroupRecord, RosterEntry } from '../../src/core/access/roster.ts';
import type { PlacementRecord } from '../../src/core/access/task-access.ts';
import { type GroupChange, groupAudienceOf, groupEventsOf } from '../../src/streams/group-events.ts';
import { placementEventOf } from '../../src/streams/placement-events.ts';

const entry = (userId: string | null, over: Partial<RosterEntry> = {}): RosterEntry => ({
  memberId: `g1~${userId}`,
  userId,
  email: `${userId}@example.com`,
  name: String(userId),
  role: 5,
  invitationStatus: 'accepted',
  memberStatus: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

const group = (members: RosterEntry[], over: Partial<GroupRecord> = {}): GroupRecord =>
  ({
    groupId: 'g1',
    title: 'Team',
    description: '',
    metadata: { color: 'blue', icon: 'star' },
    status: 1,
    createdBy: 'owner',
    ownerName: 'Owner',
    ownerPackage: 'free_license',
    isPrivate: false,
    members: Object.fromEntries(members.map((m) => [m.memberId, m])),
    version: 1,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...over,
  }) as GroupRecord;

const change = (before?: GroupRecord, after?: GroupRecord): GroupChange => ({
  eventId: 'e1',
  sequenceNumber: '1',
  kind: !before ? 'INSERT' : !after ? 'REMOVE' : 'MODIFY',
  writtenAt: 1_764_064_800,
  before,
  after,
});

const kinds = (c: GroupChange) =>
  groupEventsOf(c).map((e) => (e.type === GROUP_EVENT_TYPES.group ? `group:${e.change}` : 'roster'));

describe('group events', () => {
  const owner = entry('owner', { role: 1 });
  const bo = entry('bo');

  test('created, renamed, deleted (once, when the delete begins)', () => {
    expect(kinds(change(undefined, group([owner])))).toEqual(['group:created']);
    expect(kinds(change(group([owner, bo]), group([owner, bo], { title: 'New name' })))).toEqual([
      'group:changed',
    ]);
    const deleting = group([owner, bo], { deleting: true });
    expect(kinds(change(group([owner, bo]), deleting))).toEqual(['group:deleted']);
    expect(kinds(change(deleting, { ...deleting, version: 3 }))).toEqual([]);
    expect(kinds(change(deleting, undefined))).toEqual([]);
    expect(kinds(change(group([owner]), undefined))).toEqual(['group:deleted']);
  });

  test('a member added, removed or given another role is a roster change; a version bump alone says nothing', () => {
    expect(kinds(change(group([owner]), group([owner, bo])))).toEqual(['roster']);
    expect(kinds(change(group([owner, bo]), group([owner, { ...bo, role: 6 }])))).toEqual(['roster']);
    expect(kinds(change(group([owner, bo]), group([owner, bo], { version: 2 })))).toEqual([]);
    const both = groupEventsOf(change(group([owner]), group([owner, bo], { title: 'x' })));
    expect(new Set(both.map((e) => e.id)).size).toBe(2);
  });

  test('the accepted members before and after hear it; invitees and the refused do not', () => {
    const invited = entry(null, { memberId: 'g1~inv', invitationStatus: 'pending' });
    const refused = entry('ref', { invitationStatus: 'refused' });
    const removal = change(group([owner, bo, invited, refused]), group([owner, invited, refused]));
    expect(groupAudienceOf(removal).sort()).toEqual(['bo', 'owner']);
  });
});

describe('placement events', () => {
  const placement = (over: Partial<PlacementRecord> = {}) =>
    ({
      userId: 'ada',
      taskId: 't1',
      priorityGroup: 0,
      sortCode: 'a0',
      taskPosition: 'top',
      titleLower: 'a task',
      ...over,
    }) as PlacementRecord;
  const c = (before?: PlacementRecord, after?: PlacementRecord) => ({
    eventId: 'p1',
    sequenceNumber: '1',
    kind: 'MODIFY' as const,
    before,
    after,
  });

  test("a person's own fields are an event; the task's copies, a new or a removed placement are not", () => {
    expect(placementEventOf(c(placement(), placement({ priorityGroup: 2 })))).toMatchObject({
      type: PLACEMENT_EVENT_TYPE,
      task_id: 't1',
      priority_group: 2,
    });
    expect(placementEventOf(c(placement(), placement({ sortCode: 'a1' })))).not.toBeNull();
    expect(placementEventOf(c(placement(), placement({ titleLower: 'renamed' })))).toBeNull();
    expect(placementEventOf(c(undefined, placement()))).toBeNull();
    expect(placementEventOf(c(placement(), undefined))).toBeNull();
  });
});
