/**
 * What a task row's menus do (spec 000 §2 "Task list item"; issue 11): set the due date, status,
 * priority (the urgent flag) or priority group, and delete. Marking Done, moving to another priority
 * group and deleting each offer Undo for 5 s (UNDO_MS).
 *
 * Undo puts the task back as it was: its status, its priority group, and its place in that group —
 * between the tasks whose sort codes are either side of the code it had (placeBackBetween), read
 * when Undo is pressed, so it returns to its place among what is there then.
 *
 * A delete is held back until its toast closes: the row disappears at once (the ids are hidden on
 * every list), Undo shows it again and nothing was sent; otherwise DELETE /task goes out when the
 * toast closes. Leaving the page in those 5 s sends the held deletes at once.
 */
import { isRequestablePriorityGroup, PRIORITY_GROUP, TASK_STATUS } from '@tandem/shared/tasks/constants';
import { placeBackBetween } from '@tandem/shared/tasks/rows';
import type { UpdateTaskInput } from '@tandem/shared/tasks/schemas';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useSyncExternalStore } from 'react';
import { deleteTasks, listTasks, updateTask } from './tasks.ts';

/** The server answers at most 100 rows a page. */
const MAX_PAGE = 100;

/** The PATCH that puts `task` (as it was before a change) back in its priority group and place. */
export async function placeBackPatch(task: TaskView): Promise<UpdateTaskInput> {
  const group = task.priorityGroup.id;
  const list = await listTasks({ priorityGroup: group, size: MAX_PAGE });
  const codes = list.results.filter((t) => t.id !== task.id).map((t) => t.customSortCode);
  const between = placeBackBetween(codes, task.customSortCode);
  // Scheduled and the routine groups are the server's to set: there only the place is given back.
  return isRequestablePriorityGroup(group)
    ? { priorityGroup: group, placeBetween: between }
    : { placeBetween: between };
}

/** Undo of a Done tick or a status change: the old status, group and place. */
export async function restoreTask(before: TaskView, also: UpdateTaskInput = {}): Promise<void> {
  await updateTask(before.id, { ...(await placeBackPatch(before)), ...also });
}

/** A move from a menu: to the top of the chosen priority group. */
export async function moveToGroupTop(task: TaskView, group: number): Promise<void> {
  const first = (await listTasks({ priorityGroup: group, size: 1 })).results[0];
  await updateTask(task.id, {
    priorityGroup: group,
    placeBetween: { before: null, after: first && first.id !== task.id ? first.customSortCode : null },
  });
}

/** Priority groups a row's menu offers: the planning groups (Today, Next, Later, Future). */
export const MENU_PRIORITY_GROUPS = [
  PRIORITY_GROUP.now,
  PRIORITY_GROUP.next,
  PRIORITY_GROUP.later,
  PRIORITY_GROUP.future,
] as const;

export const isDone = (task: TaskView) => task.status.id === TASK_STATUS.done;

// ---- deletes held until their toast closes ------------------------------------------------------

interface HeldDelete {
  ids: string[];
  withChildren: boolean;
}

let hidden: ReadonlySet<string> = new Set();
const held = new Map<string, HeldDelete>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const setHidden = (next: Set<string>) => {
  hidden = next;
  emit();
};

function unhide(ids: readonly string[]) {
  const next = new Set(hidden);
  for (const id of ids) next.delete(id);
  setHidden(next);
}

/** Hides the rows now; `send` (on the toast's close) deletes them, `cancel` (Undo) shows them again. */
export function holdDelete(ids: string[], withChildren: boolean) {
  const key = ids.join(',');
  held.set(key, { ids, withChildren });
  setHidden(new Set([...hidden, ...ids]));
  return {
    cancel: () => {
      held.delete(key);
      unhide(ids);
    },
    send: async () => {
      if (!held.delete(key)) return;
      try {
        await deleteTasks(ids, withChildren);
      } finally {
        unhide(ids);
      }
    },
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const [key, d] of held) {
      held.delete(key);
      // keepalive: the request outlives the page that is closing.
      void deleteTasks(d.ids, d.withChildren, { keepalive: true });
    }
  });
}

/** The ids whose delete waits for its toast: every list leaves them out. */
export function useHiddenTasks(): ReadonlySet<string> {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => hidden,
  );
}
