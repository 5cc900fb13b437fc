/**
 * Order of sub-tasks under a row: open ones in the order they were made, Done ones after them in the
 * order they were completed — marking a sub-task Done moves it to the bottom (spec 000 §4).
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';

interface Orderable {
  status: { id: number };
  createdAt: string;
  completionAt: string | null;
}

export function orderSubtasks<T extends Orderable>(children: readonly T[]): T[] {
  const open = children.filter((c) => c.status.id !== TASK_STATUS.done);
  const done = children.filter((c) => c.status.id === TASK_STATUS.done);
  return [
    ...open.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    ...done.sort((a, b) => (a.completionAt ?? '').localeCompare(b.completionAt ?? '')),
  ];
}
