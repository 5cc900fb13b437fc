/**
 * What a change of a group item means for live updates (docs/realtime.md, D41). The roster lives in
 * the group item, so one record says both what changed and who hears it: the accepted members of the
 * roster before and after the change — a member removed hears that the group left them, a member added
 * that it came. `group_changed` for the group itself (created, its own fields changed, deleted),
 * `roster_changed` when a member was added, removed, or their role or status changed. No reads.
 */
import { GROUP_EVENT_TYPES, type GroupEvent } from '@tandem/shared';
import type { GroupRecord } from '../core/access/roster.ts';
import { changeOf, type ItemChange, type LiveModule, type Outgoing, writtenAt } from './records.ts';

export type GroupChange = ItemChange<GroupRecord>;

/** The group's own fields a member sees; a change of another (its version, updatedAt) says nothing. */
const SHOWN_FIELDS = ['title', 'description', 'metadata', 'status', 'ownerName'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The roster as members see it: who, with which role and statuses (keys in a fixed order). */
const rosterKey = (g: GroupRecord) =>
  Object.values(g.members)
    .map((m) => [m.memberId, m.userId, m.email, m.role, m.invitationStatus, m.memberStatus, m.name])
    .sort((x, y) => String(x[0]).localeCompare(String(y[0])));

/** Everyone who hears: the accepted members with an account, before and after. */
export function groupAudienceOf(c: GroupChange): string[] {
  const people = new Set<string>();
  for (const g of [c.before, c.after]) {
    for (const m of Object.values(g?.members ?? {})) {
      if (m.userId && m.invitationStatus === 'accepted') people.add(m.userId);
    }
  }
  return [...people];
}

/** The events the change is (none for a write members cannot see, or for the rest of a delete). */
export function groupEventsOf(c: GroupChange): GroupEvent[] {
  const { before, after } = c;
  const now = (after ?? before)!;
  const at = writtenAt(c);
  const group = (change: GroupEvent['change']): GroupEvent => ({
    type: GROUP_EVENT_TYPES.group,
    id: c.eventId,
    group_id: now.groupId,
    change,
    at,
  });
  if (!before) return [group('created')];
  if (!after) return before.deleting ? [] : [group('deleted')];
  if (after.deleting) return before.deleting ? [] : [group('deleted')];
  const out: GroupEvent[] = [];
  if (SHOWN_FIELDS.some((f) => !same(before[f], after[f]))) out.push(group('changed'));
  if (!same(rosterKey(before), rosterKey(after))) {
    out.push({ type: GROUP_EVENT_TYPES.roster, id: `${c.eventId}:roster`, group_id: now.groupId, at });
  }
  return out;
}

/** The consumer's module for group items. */
export const groupUpdates: LiveModule = async (records) =>
  records.flatMap((r, index) => {
    const c = changeOf<GroupRecord>(r, 'group');
    if (!c) return [];
    const audience = groupAudienceOf(c);
    return groupEventsOf(c).map(
      (e): Outgoing => ({ index, sequenceNumber: c.sequenceNumber, message: { ...e }, audience }),
    );
  });
