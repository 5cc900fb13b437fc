/**
 * What a drag or a Done tick shows before the server answers (STYLE: optimistic where a drag or a
 * checkbox should feel instant). Pure: they rewrite one page of a priority group's list; the server's
 * answer replaces them when the lists are read again.
 */
import type { Page } from '@tandem/shared/api/pagination';
import { TASK_STATUS, TASK_STATUSES } from '@tandem/shared/tasks/constants';
import type { sortCodeBetween, sortCodeFor } from '@tandem/shared/tasks/sort-codes';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type PlaceBetween, sortByCode } from './placement.ts';

/**
 * The sort-code functions, passed in: their library is not part of Today's first screen and loads
 * just after it (utils/sort-codes.ts).
 */
export interface SortCodes {
  sortCodeBetween: typeof sortCodeBetween;
  sortCodeFor: typeof sortCodeFor;
}

const statusOf = (id: number) => ({ id, title: TASK_STATUSES.find((s) => s.id === id)?.title ?? '' });

export function withoutTask(page: Page<TaskView>, id: string): Page<TaskView> {
  if (!page.results.some((t) => t.id === id)) return page;
  return { ...page, count: Math.max(0, page.count - 1), results: page.results.filter((t) => t.id !== id) };
}

/** Adds or replaces the task and keeps the page in sort-code order. */
export function withTask(page: Page<TaskView>, task: TaskView): Page<TaskView> {
  const had = page.results.some((t) => t.id === task.id);
  const results = sortByCode([...page.results.filter((t) => t.id !== task.id), task]);
  return { ...page, count: had ? page.count : page.count + 1, results };
}

/**
 * The moved task as it will be: in its new group with a code between its new neighbours. Should the
 * neighbours' codes be out of order (a list changed under the drag), the code is left as it was and
 * the server's answer settles the place.
 */
export function movedTask(
  task: TaskView,
  toGroup: number,
  between: PlaceBetween,
  { sortCodeBetween }: SortCodes,
): TaskView {
  let code = task.customSortCode;
  const ordered = between.before === null || between.after === null || between.before < between.after;
  if (ordered) {
    try {
      code = sortCodeBetween(between.before, between.after);
    } catch {
      // a code the library does not accept: keep the old one; the lists are read again after the save
    }
  }
  return { ...task, priorityGroup: { id: toGroup }, customSortCode: code, taskPosition: 'custom' };
}

/** Done goes to the bottom of its list (spec 000 §4 "Marking a task Done"); undone stays where it is. */
export function doneTask(
  task: TaskView,
  done: boolean,
  codes: readonly string[],
  now: Date,
  /** Not loaded yet: the row is ticked where it is, and goes down when the lists are read again. */
  sortCodes: SortCodes | null,
): TaskView {
  if (!done) {
    return {
      ...task,
      status: statusOf(TASK_STATUS.notStarted),
      completionAt: null,
      mode: task.mode === 'completed' ? 'active' : task.mode,
    };
  }
  const others = codes.filter((c) => c !== task.customSortCode);
  return {
    ...task,
    status: statusOf(TASK_STATUS.done),
    completionAt: now.toISOString(),
    mode: 'completed',
    pinnedToToday: false,
    taskPosition: 'bottom',
    customSortCode: sortCodes ? sortCodes.sortCodeFor('bottom', others) : task.customSortCode,
  };
}
