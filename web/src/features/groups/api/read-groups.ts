/**
 * GET /group/member, the read, apart from its hook (list-groups.ts re-exports it): the start's first
 * step (app/first-reads.ts) asks for the groups with it before React or SWR have loaded.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { GroupView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';

export interface GroupList {
  count: number;
  results: GroupView[];
}

export async function listGroups(): Promise<GroupList> {
  const list = await api<GroupList>(routes.listGroups);
  // The server answers in the caller's order; sorting again keeps an optimistic reorder stable.
  return { ...list, results: [...list.results].sort((a, b) => a.userOrder - b.userOrder) };
}
