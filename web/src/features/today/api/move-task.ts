/**
 * PATCH /task/{id} {priority_group, place_between} — a task dragged on Today (spec 001 §4 "Today
 * drag"). The lists change at once; on a refusal the caller shows the server's message and every
 * list is read again.
 */
import type { Page } from '@tandem/shared/api/pagination';
import type { TaskView } from '@tandem/shared/tasks/views';
import { mutate } from 'swr';
import { patchTask, revalidateTasks, type TaskListQuery } from '../../tasks/api/tasks.ts';
import { movedTask, withoutTask, withTask } from '../utils/optimistic.ts';
import type { PlaceBetween } from '../utils/placement.ts';
import { sortCodes } from '../utils/sort-codes.ts';

/** Every loaded list of one priority group (any page size, with or without delegated tasks). */
export const isGroupList =
  (group: number) =>
  (key: unknown): boolean =>
    Array.isArray(key) &&
    key[0] === 'tasks' &&
    key[1] === 'list' &&
    (key[2] as TaskListQuery | undefined)?.priorityGroup === group;

/**
 * Changes every loaded list of one priority group at once, held as one mutation until `saving` settles:
 * a read of the lists that starts meanwhile (a live update, a refocus, the live connection's first
 * read) is dropped rather than bringing back what the save changes. Rejects as `saving` does.
 */
export const holdListsUntilSaved = async (
  group: number,
  saving: Promise<unknown>,
  change: (page: Page<TaskView>) => Page<TaskView>,
): Promise<void> => {
  const held = mutate<Page<TaskView>>(
    isGroupList(group),
    async (page) => {
      await saving;
      return page ? change(page) : page;
    },
    {
      optimisticData: (page) => (page ? change(page) : page) as Page<TaskView>,
      revalidate: false,
      rollbackOnError: false,
    },
  );
  // The save too: with no list of the group loaded, nothing above waits for it.
  await Promise.all([held, saving]);
};

/**
 * The moved task shows at once in its new place and nowhere else until the server has it: the lists'
 * change is held over the save (holdListsUntilSaved), so a read of them that starts meanwhile is
 * dropped rather than bringing the row back where it was.
 */
export async function moveTask(task: TaskView, toGroup: number, between: PlaceBetween): Promise<void> {
  const fromGroup = task.priorityGroup.id;
  // Without a wait once loaded: the row moves in the same task as the tick or the drop.
  const codes = sortCodes.get() ?? (await sortCodes.load());
  const moved = movedTask(task, toGroup, between, codes);
  const saving = patchTask(task.id, {
    ...(fromGroup !== toGroup ? { priorityGroup: toGroup } : {}),
    placeBetween: between,
  });
  try {
    await Promise.all([
      fromGroup !== toGroup
        ? holdListsUntilSaved(fromGroup, saving, (p) => withoutTask(p, task.id))
        : undefined,
      holdListsUntilSaved(toGroup, saving, (p) => withTask(p, moved)),
    ]);
  } finally {
    // Read after the save (and after a refusal, to put the lists back): changes made elsewhere whose
    // reads were dropped while it was held show now.
    await revalidateTasks();
  }
}
