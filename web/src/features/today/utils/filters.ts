/**
 * The My tasks filters (spec 001 §2): a search over the loaded rows' titles and the level filter
 * (the user's preferences.selected_levels; none chosen means every level). Client-side: both narrow
 * what is already loaded, they do not ask the server again.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';

export interface Filterable {
  title: string;
  level: { id: number };
}

export const normaliseSearch = (s: string): string => s.trim().toLocaleLowerCase();

export function matchesFilters(task: Filterable, search: string, levels: readonly number[]): boolean {
  const q = normaliseSearch(search);
  if (q && !task.title.toLocaleLowerCase().includes(q)) return false;
  return levels.length === 0 || levels.includes(task.level.id);
}

/** Completed over total of today's list: Done rows counted among those loaded, total from the server. */
export function completedOfToday(
  loaded: readonly { status: { id: number } }[],
  total: number,
): { completed: number; total: number } {
  const completed = loaded.filter((t) => t.status.id === TASK_STATUS.done).length;
  return { completed, total: Math.max(total, loaded.length) };
}
