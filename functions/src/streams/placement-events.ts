/**
 * A person's own place of a task (docs/realtime.md, D41): its priority group, its order, whether they
 * dismissed it. Only that person sees it, so only their sockets hear it — their other tabs follow
 * without a reload. One presence read for the batch (shared with the other modules), no roster. A
 * placement written along with its task (the copies of the task's fields lists filter on) changes none
 * of these and says nothing: the task's own event covers it.
 */
import { PLACEMENT_EVENT_TYPE, type PlacementEvent } from '@tandem/shared';
import type { PlacementRecord } from '../core/access/task-access.ts';
import { changeOf, type ItemChange, type LiveModule, writtenAt } from './records.ts';

/** The fields of a placement that are the person's own choice. */
const OWN_FIELDS = ['priorityGroup', 'sortCode', 'taskPosition', 'dismissed'] as const;

/** The event a change of a placement is, or null when none of its own fields changed. */
export function placementEventOf(c: ItemChange<PlacementRecord>): PlacementEvent | null {
  const { before, after } = c;
  if (!before || !after || OWN_FIELDS.every((f) => before[f] === after[f])) return null;
  return {
    type: PLACEMENT_EVENT_TYPE,
    id: c.eventId,
    task_id: after.taskId,
    priority_group: after.priorityGroup,
    at: writtenAt(c),
  };
}

/** The consumer's module for placement items: the person's own sockets only. */
export const placementUpdates: LiveModule = async (records) =>
  records.flatMap((r, index) => {
    const c = changeOf<PlacementRecord>(r, 'placement');
    const event = c && placementEventOf(c);
    if (!c?.after || !event) return [];
    return [{ index, sequenceNumber: c.sequenceNumber, message: { ...event }, audience: [c.after.userId] }];
  });
