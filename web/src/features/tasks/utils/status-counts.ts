/**
 * The status pie chart (spec 000 §2) counts tasks by status for the list's current filter. The list
 * API pages by 25 and has no aggregate, so the chart counts the pages of this filter that the
 * browser already holds (each page opened once is kept), one count per task even when a task moved
 * between pages, and says how many of the filter's tasks that covers. Fetching every page just to
 * draw a chart would cost one call per 25 tasks on each filter change.
 */
import { TASK_STATUSES } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';

export interface StatusSlice {
  status: number;
  title: string;
  count: number;
}

export function statusCounts(pages: ReadonlyArray<ReadonlyArray<Pick<TaskView, 'id' | 'status'>>>): {
  slices: StatusSlice[];
  counted: number;
} {
  const byId = new Map<string, number>();
  for (const page of pages) for (const t of page) byId.set(t.id, t.status.id);
  const slices = TASK_STATUSES.map((s) => ({
    status: s.id,
    title: s.title,
    count: [...byId.values()].filter((v) => v === s.id).length,
  })).filter((s) => s.count > 0);
  return { slices, counted: byId.size };
}
