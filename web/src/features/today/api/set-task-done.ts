/**
 * PATCH /task/{id} {status: 4} marks Done, {status: 1} undoes it (spec 000 §4 "Marking a task Done").
 * The row moves to the bottom with a strike-through at once; the server's order replaces it when the
 * lists are read again.
 */

import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { revalidateTasks, updateTask } from '../../tasks/api/tasks.ts';
import { doneTask, withTask } from '../utils/optimistic.ts';
import { sortCodes } from '../utils/sort-codes.ts';
import { changeGroupLists } from './move-task.ts';

export async function setTaskDone(task: TaskView, done: boolean, now = new Date()): Promise<void> {
  // Without a wait once loaded: the row moves in the same task as the tick or the drop.
  const codes = sortCodes.get() ?? (await sortCodes.load());
  // Only where the row is listed: a sub-task shown under its parent is not a row of the panel.
  await changeGroupLists(task.priorityGroup.id, (page) =>
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
        ),
  );
  try {
    await updateTask(task.id, { status: done ? TASK_STATUS.done : TASK_STATUS.notStarted });
  } catch (err) {
    await revalidateTasks();
    throw err;
  }
}
