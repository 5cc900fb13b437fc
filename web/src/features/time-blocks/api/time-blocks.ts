/** The time-blocking calls (spec 001 §7): list, create, read, update and delete a block. */
import * as routes from '@tandem/shared/api/route-defs';
import type { TimeBlockView } from '@tandem/shared/time/views';
import useSWR, { type SWRConfiguration } from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export interface TimeBlockList {
  count: number;
  results: TimeBlockView[];
}

export interface TimeBlockBody {
  startDate: string;
  endDate?: string | null;
  exDate: string[];
  rDate: string[];
  recurRule: string | null;
  duration: number;
  timezone: string;
  group: string | null;
  groupCategory: string | null;
}

export const timeBlocksKey = ['time-blocks'] as const;

export const listTimeBlocks = () => api<TimeBlockList>(routes.listTimeBlocks);
export const useTimeBlocks = (config?: SWRConfiguration<TimeBlockList>) =>
  useSWR(timeBlocksKey, listTimeBlocks, config);

const revalidate = () => revalidateAfter('timeBlock');

export async function createTimeBlock(body: TimeBlockBody) {
  const made = await api<TimeBlockView>(routes.createTimeBlock, { body });
  await revalidate();
  return made;
}

export async function updateTimeBlock(id: string, body: Partial<TimeBlockBody>) {
  const changed = await api<TimeBlockView>(routes.updateTimeBlock, { params: { id }, body });
  await revalidate();
  return changed;
}

export async function deleteTimeBlock(id: string) {
  await api<unknown>(routes.deleteTimeBlock, { params: { id } });
  await revalidate();
}
