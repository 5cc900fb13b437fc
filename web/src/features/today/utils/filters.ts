/**
 * The My tasks filters (spec 001 §2): a search over the loaded rows' titles, and the header's
 * selection of groups and levels (preferences.selected_groups and selected_levels; the rule is the
 * shared one, none chosen means every one). The search narrows what is loaded; the selection is
 * asked of the server too, and applied again here to what is loaded.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import { passesSelection, selectableTask, type TaskSelection } from '@tandem/shared/tasks/selection';

export interface Filterable {
  title: string;
  group: { id: string } | null;
  level: { id: number };
}

export const normaliseSearch = (s: string): string => s.trim().toLocaleLowerCase();

export function matchesFilters(task: Filterable, search: string, selection: TaskSelection): boolean {
  const q = normaliseSearch(search);
  if (q && !task.title.toLocaleLowerCase().includes(q)) return false;
  return passesSelection(selectableTask(task), selection);
}

/** Completed over total of today's list: Done rows counted among those loaded, total from the server. */
export function completedOfToday(
  loaded: readonly { status: { id: number } }[],
  total: number,
): { completed: number; total: number } {
  const completed = loaded.filter((t) => t.status.id === TASK_STATUS.done).length;
  return { completed, total: Math.max(total, loaded.length) };
}
