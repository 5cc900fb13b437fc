/**
 * The /tasks list filters live in the address (?group=…&mode=…&pg=…&mine=1&delegated=1&page=2), so
 * a filtered list can be reloaded, shared and left with Back. Unknown or malformed values are dropped.
 */
import { PRIORITY_GROUPS, TASK_MODES, TASK_PAGE_SIZE, type TaskMode } from '@tandem/shared/tasks/constants';
import { EVERYTHING, selectionQuery, type TaskSelection } from '@tandem/shared/tasks/selection';
import type { TaskListQuery } from '../api/tasks.ts';

export interface TaskListFilters {
  group: string | null;
  mode: TaskMode | null;
  priorityGroup: number | null;
  /** Only tasks I created: is_owner=1. */
  mine: boolean;
  /** Delegated to me: type=delegated_to_me. */
  delegated: boolean;
  page: number;
}

export function filtersFromSearch(params: URLSearchParams): TaskListFilters {
  const mode = params.get('mode');
  const pg = params.get('pg');
  const pgId = pg !== null && /^\d+$/.test(pg) ? Number(pg) : null;
  const page = Number(params.get('page'));
  return {
    group: params.get('group') || null,
    mode: TASK_MODES.includes(mode as TaskMode) ? (mode as TaskMode) : null,
    priorityGroup: pgId !== null && PRIORITY_GROUPS.some((g) => g.id === pgId) ? pgId : null,
    mine: params.get('mine') === '1',
    delegated: params.get('delegated') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function filtersToSearch(f: TaskListFilters): string {
  const p = new URLSearchParams();
  if (f.group) p.set('group', f.group);
  if (f.mode) p.set('mode', f.mode);
  if (f.priorityGroup !== null) p.set('pg', String(f.priorityGroup));
  if (f.mine) p.set('mine', '1');
  if (f.delegated) p.set('delegated', '1');
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * The GET /task query for a page of this filter (page size 25, spec 000 §9), narrowed by the
 * header's selection of groups and levels as every task list is.
 */
export function toListQuery(
  f: TaskListFilters,
  page = f.page,
  selection: TaskSelection = EVERYTHING,
): TaskListQuery {
  const q: TaskListQuery = { page, size: TASK_PAGE_SIZE, ...selectionQuery(selection) };
  if (f.group) q.group = f.group;
  if (f.mode) q.mode = f.mode;
  if (f.priorityGroup !== null) q.priorityGroup = f.priorityGroup;
  if (f.mine) q.isOwner = '1';
  if (f.delegated) q.type = 'delegated_to_me';
  return q;
}

export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / TASK_PAGE_SIZE));
