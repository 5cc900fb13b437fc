/**
 * PATCH /task/{id} {status: 4} marks Done, {status: 1} undoes it (spec 000 §4 "Marking a task Done").
 * The row is ticked and moves to the bottom at once (ticked in place if the sort codes have not loaded
 * yet); the server's order replaces it when the lists are read again after the save.
 */

import type { Page } from '@tandem/shared/api/pagination';
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { revalidateTasks, updateTask } from '../../tasks/api/tasks.ts';
import { doneTask, withTask } from '../utils/optimistic.ts';
import { sortCodes } from '../utils/sort-codes.ts';
import { holdListsUntilSaved } from './move-task.ts';

export async function setTaskDone(task: TaskView, done: boolean, now = new Date()): Promise<void> {
  // Ticked in the same task as the click, without waiting for the sort codes: before they are here
  // (just after the first content) the row is ticked in place and goes down with the read after the save.
  const codes = sortCodes.get();
  if (!codes) void sortCodes.load().catch(() => undefined);
  // Only where the row is listed: a sub-task shown under its parent is not a row of the panel.
  const change = (page: Page<TaskView>) =>
    !page.results.some((t) => t.id === task.id)
      ? page
      : withTask(
          page,
          doneTask(
            task,
            done,
            page.results.map((t) => t.customSortCode),
            now,
            codes,
          ),
        );
  const saving = updateTask(task.id, { status: done ? TASK_STATUS.done : TASK_STATUS.notStarted });
  try {
    // Held over the save, as a drag is: a read of the lists that starts meanwhile is dropped rather
    // than showing the task undone for a moment.
    await holdListsUntilSaved(task.priorityGroup.id, saving, change);
  } finally {
    // After the save (and after a refusal, to put the row back): what the dropped reads would have shown.
    await revalidateTasks();
  }
}
