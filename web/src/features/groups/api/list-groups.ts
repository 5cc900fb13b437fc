/** GET /group/member — the caller's groups in the caller's order, each with its roster and the caller's rights. */
import useSWR from 'swr';
import { type GroupList, listGroups } from './read-groups.ts';

export { type GroupList, listGroups };

export const groupsKey = ['groups'] as const;

export const useGroups = () => useSWR(groupsKey, listGroups);
