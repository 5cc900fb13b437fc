/**
 * PUT /group/order {group_id, next_index} — moves one group in the caller's order. Optimistic: the
 * list is reordered at once (a drag should feel instant) and put back if the server refuses.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { GroupView } from '@tandem/shared/groups/views';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import type { GroupList } from './list-groups.ts';
import { groupsKey } from './list-groups.ts';

/** The list with one group moved to `nextIndex`, positions renumbered from 0. */
export function moveInList(groups: readonly GroupView[], groupId: string, nextIndex: number): GroupView[] {
  const from = groups.findIndex((g) => g.id === groupId);
  if (from === -1) return [...groups];
  const next = [...groups];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(nextIndex, next.length)), 0, moved!);
  return next.map((g, i) => ({ ...g, userOrder: i }));
}

export async function orderGroup(groupId: string, nextIndex: number): Promise<void> {
  await mutate<GroupList>(
    groupsKey,
    async (current) => {
      await api<unknown>(routes.orderGroups, { body: { groupId, nextIndex } });
      return current;
    },
    {
      optimisticData: (current) =>
        current
          ? { ...current, results: moveInList(current.results, groupId, nextIndex) }
          : { count: 0, results: [] },
      rollbackOnError: true,
      populateCache: false,
      revalidate: true,
    },
  );
}
