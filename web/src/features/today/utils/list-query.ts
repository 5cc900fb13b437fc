/**
 * The query of one Today panel's list: its priority group, its page size, "include delegated", and
 * the header's selection. One function, so the panels and the start-up preload ask with the same key.
 */
import { selectionQuery, type TaskSelection } from '@tandem/shared/tasks/selection';
import type { TaskListQuery } from '../../tasks/api/tasks.ts';

export const todayListQuery = (
  group: number,
  size: number,
  delegated: boolean,
  selection: TaskSelection | null,
): TaskListQuery => ({
  priorityGroup: group,
  size,
  ...(delegated ? { type: 'delegated_to_me' } : {}),
  ...(selection ? selectionQuery(selection) : {}),
});
