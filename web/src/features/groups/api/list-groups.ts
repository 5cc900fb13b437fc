/** GET /group/member — the caller's groups in the caller's order, each with its roster and the caller's rights. */
import * as routes from '@tandem/shared/api/route-defs';
import type { GroupView } from '@tandem/shared/groups/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export interface GroupList {
  count: number;
  results: GroupView[];
}

export const groupsKey = ['groups'] as const;

export async function listGroups(): Promise<GroupList> {
  const list = await api<GroupList>(routes.listGroups);
  // The server answers in the caller's order; sorting again keeps an optimistic reorder stable.
  return { ...list, results: [...list.results].sort((a, b) => a.userOrder - b.userOrder) };
}

export const useGroups = () => useSWR(groupsKey, listGroups);
