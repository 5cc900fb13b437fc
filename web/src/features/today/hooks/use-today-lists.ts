/**
 * The four Today panels' data (spec 001 §2): one list per priority group 0–3, each its own page of
 * GET /task?priority_group=N (sorted by sort code, today's Done tasks at the bottom), narrowed by the
 * header's selection of groups and levels on the server, so counts and pages are of what is shown.
 * A panel asks for more rows 25 at a time; the previous rows stay on screen while the bigger page loads.
 */
import { PRIORITY_GROUPS, TASK_PAGE_SIZE } from '@tandem/shared/tasks/constants';
import type { TaskSelection } from '@tandem/shared/tasks/selection';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useDeferredValue, useEffect, useState } from 'react';
import useSWR from 'swr';
import { useHiddenTasks } from '../../tasks/api/row-actions.ts';
import { listTasks, type TaskListQuery, tasksKey } from '../../tasks/api/tasks.ts';
import { matchesFilters } from '../utils/filters.ts';
import { todayListQuery } from '../utils/list-query.ts';
import { sortByCode } from '../utils/placement.ts';
import { rememberSelection } from '../utils/remembered-selection.ts';

/** The server answers at most 100 rows a page. */
const MAX_PAGE = 100;
export const TODAY_GROUPS = PRIORITY_GROUPS.filter((g) => g.id < 4);

export interface PanelData {
  group: number;
  title: string;
  /** Every loaded row of the group in sort-code order. */
  all: TaskView[];
  /** The rows the search and the selection let through. */
  visible: TaskView[];
  count: number;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  showMore: () => void;
}

function usePanel(
  group: number,
  title: string,
  delegated: boolean,
  search: string,
  selection: TaskSelection | null,
  size: number,
  grow: (group: number) => void,
): PanelData {
  const q: TaskListQuery = todayListQuery(group, size, delegated, selection);
  // Not read before the selection is known: the unfiltered list would flash first.
  const { data: read, error } = useSWR(selection ? tasksKey(q) : null, () => listTasks(q), {
    keepPreviousData: true,
  });
  // The first rows are drawn in a transition, in slices the browser can step in between (Today's
  // first screen is the heaviest render of the app); later changes show at once.
  const firstRead = useDeferredValue(read);
  const data = firstRead === undefined ? undefined : read;
  // A task whose delete waits for its Undo toast is gone from the panel already.
  const hidden = useHiddenTasks();
  const loaded = data?.results ?? [];
  const all = sortByCode(loaded.filter((t) => !hidden.has(t.id)));
  return {
    group,
    title,
    all,
    // The server narrowed already; reading the loaded rows again keeps an optimistic change honest.
    visible: selection ? all.filter((t) => matchesFilters(t, search, selection)) : [],
    count: Math.max(0, (data?.count ?? 0) - (loaded.length - all.length)),
    loading: !data && !error,
    failed: !data && !!error,
    hasMore: !!data && data.count > loaded.length && size < MAX_PAGE,
    showMore: () => grow(group),
  };
}

/** `selection` null while it is not known yet: the panels wait. */
export function useTodayLists(
  delegated: boolean,
  search: string,
  selection: TaskSelection | null,
): PanelData[] {
  const [sizes, setSizes] = useState<Record<number, number>>({});
  // The next start asks for the lists with it before the settings answer (app/preload.ts).
  useEffect(() => {
    if (selection) rememberSelection(selection);
  }, [selection]);
  const grow = (group: number) =>
    setSizes((s) => ({ ...s, [group]: Math.min(MAX_PAGE, (s[group] ?? TASK_PAGE_SIZE) + TASK_PAGE_SIZE) }));
  const sizeOf = (group: number) => sizes[group] ?? TASK_PAGE_SIZE;
  const [g0, g1, g2, g3] = TODAY_GROUPS as [
    (typeof TODAY_GROUPS)[number],
    (typeof TODAY_GROUPS)[number],
    (typeof TODAY_GROUPS)[number],
    (typeof TODAY_GROUPS)[number],
  ];
  return [
    usePanel(g0.id, g0.listTitle, delegated, search, selection, sizeOf(g0.id), grow),
    usePanel(g1.id, g1.listTitle, delegated, search, selection, sizeOf(g1.id), grow),
    usePanel(g2.id, g2.listTitle, delegated, search, selection, sizeOf(g2.id), grow),
    usePanel(g3.id, g3.listTitle, delegated, search, selection, sizeOf(g3.id), grow),
  ];
}
