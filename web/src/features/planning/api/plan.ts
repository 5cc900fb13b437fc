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
  /** A save of this plan was accepted but is not all written yet (D74). */
  unfinishedSave?: boolean;
  results: TaskView[];
}
export interface SavePlanAnswer {
  rootId: string;
  created: Array<{ tempId: string; id: string }>;
  moved: number;
  edited: number;
  deleted: number;
  activated: number;
}
interface PlansPage {
  next: string | null;
  results: TaskView[];
}

export const planKey = (rootId: string) => ['planning', 'plan', rootId] as const;

export const getPlan = (rootId: string) => api<PlanAnswer>(routes.getPlan, { params: { rootId } });

const NO_CHANGES: PlanChanges = { creates: [], moves: [], edits: [], deletes: [], activate: [] };

/**
 * The plan, with a save of it left unfinished finished first (D74: a save with nothing in it finishes
 * the one accepted before), so the viewer never starts from half a save. Still unfinished when that
 * fails: the answer says so and the viewer shows it.
 */
export async function loadPlan(rootId: string) {
  const plan = await getPlan(rootId);
  if (!plan.unfinishedSave) return plan;
  await savePlan(rootId, crypto.randomUUID(), NO_CHANGES).catch(() => undefined);
  return getPlan(rootId);
}

export const usePlan = (rootId: string | null) =>
  useSWR(rootId ? planKey(rootId) : null, () => loadPlan(rootId!), {
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
