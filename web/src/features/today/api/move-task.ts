/**
 * PATCH /task/{id} {priority_group, place_between} — a task dragged on Today (spec 001 §4 "Today
 * drag"). The lists change at once; on a refusal the caller shows the server's message and every
 * list is read again.
 */
import type { Page } from '@tandem/shared/api/pagination';
import type { TaskView } from '@tandem/shared/tasks/views';
import { mutate } from 'swr';
import { revalidateTasks, type TaskListQuery, updateTask } from '../../tasks/api/tasks.ts';
import { movedTask, withoutTask, withTask } from '../utils/optimistic.ts';
import type { PlaceBetween } from '../utils/placement.ts';

/** Every loaded list of one priority group (any page size, with or without delegated tasks). */
export const isGroupList =
  (group: number) =>
  (key: unknown): boolean =>
    Array.isArray(key) &&
    key[0] === 'tasks' &&
    key[1] === 'list' &&
    (key[2] as TaskListQuery | undefined)?.priorityGroup === group;

export const changeGroupLists = (group: number, change: (page: Page<TaskView>) => Page<TaskView>) =>
  mutate<Page<TaskView>>(isGroupList(group), (page) => (page ? change(page) : page), { revalidate: false });

export async function moveTask(task: TaskView, toGroup: number, between: PlaceBetween): Promise<void> {
  const fromGroup = task.priorityGroup.id;
  const moved = movedTask(task, toGroup, between);
  if (fromGroup !== toGroup) await changeGroupLists(fromGroup, (p) => withoutTask(p, task.id));
  await changeGroupLists(toGroup, (p) => withTask(p, moved));
  try {
    await updateTask(task.id, {
      ...(fromGroup !== toGroup ? { priorityGroup: toGroup } : {}),
      placeBetween: between,
    });
  } catch (err) {
    await revalidateTasks();
    throw err;
  }
}
