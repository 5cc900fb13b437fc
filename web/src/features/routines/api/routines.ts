/**
 * Routines (spec 001 §2): today's routine instances (priority group 5), routine definitions
 * (priority group 6), and routine occurrences in a window (GET /task/schedule?routines_only=1).
 * Schedule keys start with 'schedule', so a calendar change re-reads them too.
 */
import * as routes from '@tandem/shared/api/route-defs';
import { selectionQuery } from '@tandem/shared/tasks/selection';
import type { OccurrenceView } from '@tandem/shared/time/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { useTasks } from '../../tasks/api/tasks.ts';
import type { Window } from '../utils/days.ts';

export const ROUTINE_INSTANCES = 5;
export const ROUTINE_DEFINITIONS = 6;
// The largest page the list call gives (spec: size at most 100).
const PAGE = 100;

/** A routine list narrowed by the header's selection; not read before the selection is known. */
function useRoutineList(priorityGroup: number) {
  const { selection, ready } = useTaskSelection();
  return useTasks({ priorityGroup, size: PAGE, ...selectionQuery(selection) }, undefined, ready);
}

export const useRoutineInstances = () => useRoutineList(ROUTINE_INSTANCES);
export const useRoutineDefinitions = () => useRoutineList(ROUTINE_DEFINITIONS);

export interface OccurrenceList {
  count: number;
  results: OccurrenceView[];
}

export const listOccurrences = (w: Window, routinesOnly: boolean) =>
  api<OccurrenceList>(routes.listOccurrences, {
    query: {
      startDate: w.start.toISOString(),
      endDate: w.end.toISOString(),
      ...(routinesOnly ? { routinesOnly: 1 } : {}),
    },
  });

/** Occurrences in a window; `routinesOnly` keeps routine occurrences alone. */
export const useWindowOccurrences = (w: Window | null, routinesOnly: boolean) =>
  useSWR(
    w ? ['schedule', routinesOnly ? 'routines' : 'all', w.start.toISOString(), w.end.toISOString()] : null,
    () => listOccurrences(w!, routinesOnly),
    { keepPreviousData: true },
  );
