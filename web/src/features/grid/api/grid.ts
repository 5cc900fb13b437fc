/**
 * The task grid's calls (docs/api/grid.md): saved views and the rows query. SWR keys start with
 * 'grid'; a task change made here also refreshes the task lists (tasks/api updateTask).
 */

import * as routes from '@tandem/shared/api/areas/grid';
import type { Page } from '@tandem/shared/api/pagination';
import {
  GRID_VIEW_LIST_LIMIT,
  type GridRowsAnswer,
  type GridRowsQuery,
  type GridView,
  type GridViewInput,
  type GridViewPatch,
} from '@tandem/shared/grid/schemas';
import type { UpdateTaskInput } from '@tandem/shared/tasks/schemas';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { updateTask } from '../../tasks/api/tasks.ts';

const VIEWS_KEY = ['grid', 'views'] as const;
const isRowsKey = (key: unknown) => Array.isArray(key) && key[0] === 'grid' && key[1] === 'rows';

export const useGridViews = () =>
  useSWR(VIEWS_KEY, () =>
    api<Page<GridView>>(routes.listGridViews, { query: { page: 1, offset: 0, limit: GRID_VIEW_LIST_LIMIT } }),
  );

/** The rows of a query; `asked` is the query the answer is for (a kept previous answer may be another's). */
export const useGridRows = (q: GridRowsQuery) => {
  const asked = JSON.stringify(q);
  return useSWR(
    ['grid', 'rows', asked],
    async () => ({ ...(await api<GridRowsAnswer>(routes.queryGridRows, { body: q })), asked }),
    { keepPreviousData: true },
  );
};

export async function createView(input: GridViewInput) {
  const v = await api<GridView>(routes.createGridView, { body: input });
  await mutate(VIEWS_KEY);
  return v;
}

export async function updateView(id: string, patch: GridViewPatch) {
  const v = await api<GridView>(routes.updateGridView, { params: { id }, body: patch });
  await mutate(VIEWS_KEY);
  return v;
}

export async function deleteView(id: string) {
  await api<unknown>(routes.deleteGridView, { params: { id } });
  await mutate(VIEWS_KEY);
}

/** An inline edit: PATCH /task/{id} under the task's own permissions; the grid's rows read again either way. */
export async function saveTaskField(id: string, changes: UpdateTaskInput) {
  try {
    await updateTask(id, changes);
  } finally {
    await mutate(isRowsKey);
  }
}
