/**
 * The planning calls (docs/api/planning.md): the caller's plans, one plan's tree, and a session's
 * changes saved in one call. SWR keys start with 'planning'.
 */

import * as routes from '@tandem/shared/api/areas/planning';
import type { PlanChanges } from '@tandem/shared/planning/plan';
import type { TaskView } from '@tandem/shared/tasks/views';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../../lib/api.ts';

export interface PlanAnswer {
  rootId: string;
  count: number;
  results: TaskView[];
}
export interface SavePlanAnswer {
  rootId: string;
  created: Array<{ tempId: string; id: string }>;
  moved: number;
  edited: number;
  deleted: number;
}
interface PlansPage {
  next: string | null;
  results: TaskView[];
}

export const planKey = (rootId: string) => ['planning', 'plan', rootId] as const;

export const getPlan = (rootId: string) => api<PlanAnswer>(routes.getPlan, { params: { rootId } });

export const usePlan = (rootId: string | null) =>
  useSWR(rootId ? planKey(rootId) : null, () => getPlan(rootId!), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

export const savePlan = (rootId: string, key: string, changes: PlanChanges) =>
  api<SavePlanAnswer>(routes.savePlan, { params: { rootId }, body: { key, ...changes } });

const cursorOf = (next: string | null) => (next ? new URLSearchParams(next.slice(1)).get('cursor') : null);

/** The caller's plans, a page at a time. */
export function usePlans() {
  return useSWRInfinite<PlansPage>(
    (i, prev: PlansPage | null) =>
      i === 0 ? ['planning', 'plans', ''] : prev?.next ? ['planning', 'plans', cursorOf(prev.next)] : null,
    ([, , cursor]: readonly [string, string, string | null]) =>
      api<PlansPage>(routes.listPlans, { query: { cursor: cursor || undefined } }),
    { revalidateOnFocus: false },
  );
}
