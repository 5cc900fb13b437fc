/**
 * Where a dragged task lands (spec 001 §4 "Today drag"). Lists are ordered by fractional sort codes,
 * so a move writes only the moved task: the server places it between the sort codes of the two
 * neighbours it was dropped between (null at an end of the list).
 *
 * Why the full list and the visible list differ: a search or a level filter hides rows, and a task
 * dropped right below the visible row X must land right below X in the whole list too, not below a
 * hidden row that happens to follow it on screen. So neighbours are read on screen and resolved in
 * the whole list.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';

export interface Placed {
  id: string;
  customSortCode: string;
}

export interface PlaceBetween {
  before: string | null;
  after: string | null;
}

/** Sort codes compare as plain strings (code-unit order), never with locale rules. */
export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const sortByCode = <T extends Placed>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => compareCodes(a.customSortCode, b.customSortCode));

/** The neighbours of a task inserted at `index` of `list` (a list that does not hold the task). */
export function placeBetweenAt(list: readonly Placed[], index: number): PlaceBetween {
  const i = Math.max(0, Math.min(index, list.length));
  return { before: list[i - 1]?.customSortCode ?? null, after: list[i]?.customSortCode ?? null };
}

/**
 * The neighbours in the whole ordered list `full` of a task dropped so that `visibleOrder` (ids as
 * shown after the drop, the moved task included) is what the user sees. Rows not in `full` are
 * ignored. With nothing visible around it the task goes to the top of the list.
 */
export function placeBetweenVisible(
  full: readonly Placed[],
  visibleOrder: readonly string[],
  movedId: string,
): PlaceBetween {
  const rest = full.filter((t) => t.id !== movedId);
  const indexOf = (id: string | undefined) => (id === undefined ? -1 : rest.findIndex((t) => t.id === id));
  const shown = visibleOrder.filter((id) => id === movedId || indexOf(id) !== -1);
  const pos = shown.indexOf(movedId);
  if (pos === -1) return placeBetweenAt(rest, 0);
  const prev = indexOf(shown[pos - 1]);
  if (prev !== -1) return placeBetweenAt(rest, prev + 1);
  const next = indexOf(shown[pos + 1]);
  if (next !== -1) return placeBetweenAt(rest, next);
  return placeBetweenAt(rest, 0);
}

/**
 * Where a task dropped on a panel itself (not on one of its rows) goes: the top of a collapsed panel
 * (where the user will see it on opening), otherwise the end of the open tasks, above the Done tasks
 * that sit at the bottom.
 */
export function panelDropIndex(list: readonly { status: { id: number } }[], collapsed: boolean): number {
  if (collapsed) return 0;
  let i = list.length;
  while (i > 0 && list[i - 1]!.status.id === TASK_STATUS.done) i--;
  return i;
}

/** A task pinned to today (urgent or due today) may be reordered inside its group but never leave it. */
export type MoveRefusal = 'pinned' | null;
export function moveRefusal(
  task: { pinnedToToday: boolean },
  fromGroup: number,
  toGroup: number,
): MoveRefusal {
  return task.pinnedToToday && fromGroup !== toGroup ? 'pinned' : null;
}
