/**
 * A person's own membership of a group (docs/realtime.md, D46): its place in their group order and
 * their own archive of it. Only that person sees these, so only their sockets hear them — their other
 * tabs follow without a reload (like placement_changed). No read: the images carry everything. A
 * membership added or removed is the roster's change, told by the group's event (group-events.ts).
 */
import { MEMBERSHIP_EVENT_TYPE, type MembershipEvent } from '@tandem/shared';
import { changeOf, type ItemChange, type LiveModule, writtenAt } from './records.ts';

/** The stored fields of a membership this module reads. */
export interface MembershipImage {
  userId: string;
  groupId: string;
  status: number;
  orderKey: string;
}

/** The event a change of a membership is, or null when neither its order nor its status changed. */
export function membershipEventOf(c: ItemChange<MembershipImage>): MembershipEvent | null {
  const { before, after } = c;
  if (!before || !after) return null;
  const order = before.orderKey !== after.orderKey;
  const status = before.status !== after.status;
  if (!order && !status) return null;
  return {
    type: MEMBERSHIP_EVENT_TYPE,
    id: c.eventId,
    group_id: after.groupId,
    change: order && status ? 'order_and_status' : order ? 'order' : 'status',
    at: writtenAt(c),
  };
}

/** The consumer's module for membership items: the person's own sockets only. */
export const membershipUpdates: LiveModule = async (records) =>
  records.flatMap((r, index) => {
    const c = changeOf<MembershipImage>(r, 'membership');
    const event = c && membershipEventOf(c);
    if (!c?.after || !event) return [];
    return [{ index, sequenceNumber: c.sequenceNumber, message: { ...event }, audience: [c.after.userId] }];
  });
