/**
 * The task calls (spec 000 §7 Tasks) for every screen that shows tasks: list, read, create, update,
 * delete, dismiss, tree. SWR keys are arrays starting with 'tasks', so one revalidation refreshes
 * every list and task a change may have touched.
 */
import type { Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import type { RoleId } from '@tandem/shared/groups/roles';
import { TASK_STATUSES, type TaskStatusId } from '@tandem/shared/tasks/constants';
import { requireTaskId } from '@tandem/shared/tasks/guards';
import type { CreateTaskInput, UpdateTaskInput } from '@tandem/shared/tasks/schemas';
import type { TaskView } from '@tandem/shared/tasks/views';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateAfter, staleAfter } from '../../../lib/revalidate.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import type { TaskRoleView } from '../utils/members.ts';

export interface TaskListQuery {
  group?: string;
  mode?: 'draft' | 'active' | 'completed' | 'template';
  type?: 'delegated_to_me';
  priorityGroup?: number;
  isOwner?: '0' | '1';
  /** The header's selection (shared/src/tasks/selection.ts selectionQuery). */
  groups?: string;
  levels?: string;
  page?: number;
  size?: number;
}

export const tasksKey = (q: TaskListQuery = {}) => ['tasks', 'list', q] as const;
export const taskKey = (id: string) => ['tasks', 'one', id] as const;

export const listTasks = (q: TaskListQuery = {}) =>
  api<Page<TaskView>>(routes.listTasks, { query: q as Record<string, string | number | undefined> });
/** `enabled` false: not read yet (a key of null). */
export const useTasks = (q: TaskListQuery = {}, config?: SWRConfiguration<Page<TaskView>>, enabled = true) =>
  useSWR(enabled ? tasksKey(q) : null, () => listTasks(q), config);

export const getTask = (id: string) => api<TaskView>(routes.getTask, { params: { id } });
/** `config` lets a screen handle a failed load itself (a 404 on /task/{id} goes back to /tasks). */
export const useTask = (id: string | null, config?: SWRConfiguration<TaskView>) =>
  useSWR(id ? taskKey(id) : null, () => getTask(id!), config);

type ChildTaskBody = Partial<Omit<CreateTaskInput['children'][number], 'title'>> & { title: string };

/** POST /task body as the form sends it: defaults (status, level, mode…) are the server's. */
export type CreateTaskBody = Partial<Omit<CreateTaskInput, 'title' | 'group' | 'children'>> & {
  title: string;
  group: string;
  children?: ChildTaskBody[];
};

/**
 * What a task change makes stale (lib/revalidate.ts): task lists and open tasks, the calendar and
 * routine occurrences that show its title and status, and the subscription limits, whose task
 * counters (billing, the licensing banner) the server keeps on every task write.
 */
export const staleAfterTaskChange = staleAfter('task');

/** Every task change ends here: every view that shows tasks is read again. */
export const revalidateTasks = () => revalidateAfter('task');

/** `revalidate: false` when several creates run in a row and the caller revalidates once at the end. */
export async function createTask(input: CreateTaskBody, { revalidate = true } = {}) {
  const created = await api<{ results: TaskView[] }>(routes.createTask, {
    body: { userTimezone: browserZone(), ...input },
  });
  if (revalidate) await revalidateTasks();
  return created.results;
}

/** PATCH /task/{id} alone; `updateTask` also reads the task views again. */
export function patchTask(id: string | undefined, changes: UpdateTaskInput) {
  // Spec 000 §5: an update without the task's id fails with 'Task ID is undefined'.
  const taskId = requireTaskId(id);
  return api<TaskView>(routes.updateTask, {
    params: { id: taskId },
    body: { userTimezone: browserZone(), ...changes },
  });
}

export async function updateTask(id: string | undefined, changes: UpdateTaskInput) {
  const task = await patchTask(id, changes);
  await revalidateTasks();
  return task;
}

const isListKey = (key: unknown) => Array.isArray(key) && key[0] === 'tasks' && key[1] === 'list';

/**
 * A list's checkbox (mark Done / undo): every loaded list shows the new status at once, then the
 * server's answer (completion, mode, position) is read again. A refusal puts the lists back.
 */
export async function setTaskStatus(id: string, status: TaskStatusId) {
  const title = TASK_STATUSES.find((s) => s.id === status)?.title ?? '';
  await mutate<Page<TaskView>>(
    isListKey,
    (page) =>
      page && {
        ...page,
        results: page.results.map((t) => (t.id === id ? { ...t, status: { id: status, title } } : t)),
      },
    { revalidate: false },
  );
  try {
    return await updateTask(id, { status });
  } catch (err) {
    await revalidateTasks();
    throw err;
  }
}

/**
 * The deleted tasks' own keys are dropped without reading them again (an open form would get a 404
 * and report the task as gone); every other task key is read again.
 */
export async function deleteTasks(tasks: string[], withChildren: boolean, { keepalive = false } = {}) {
  await api<unknown>(routes.deleteTasks, { body: { tasks, withChildren }, keepalive });
  const isDeleted = (key: unknown) =>
    Array.isArray(key) && key[0] === 'tasks' && key[1] === 'one' && tasks.includes(key[2] as string);
  await mutate(isDeleted, undefined, { revalidate: false });
  await mutate((key) => staleAfterTaskChange(key) && !isDeleted(key));
}

export async function dismissTask(id: string) {
  await api<unknown>(routes.dismissTask, { params: { id } });
  await revalidateTasks();
}

export const listDescendants = (taskId: string, startFromRoot = false) =>
  api<{ results: TaskView[] }>(routes.listDescendants, {
    query: { taskId, startFromRoot: startFromRoot ? 1 : 0 },
  });

export async function newStructure(tasks: Array<{ id: string; level: number; parent: string | null }>) {
  await api<unknown>(routes.newStructure, { body: { tasks } });
  await revalidateTasks();
}

// Roles given on a task (the members tab). The key starts with 'tasks', so a task change reads them
// again too; a role change reads the task again (the caller's rights may follow the role).
export const taskRolesKey = (task: string) => ['tasks', 'roles', task] as const;

export const listTaskRoles = (task: string) =>
  api<{ count: number; results: TaskRoleView[] }>(routes.listTaskRoles, { query: { task } });
export const useTaskRoles = (task: string | null) =>
  useSWR(task ? taskRolesKey(task) : null, () => listTaskRoles(task!));

export async function giveTaskRole(task: string, user: string, role: RoleId) {
  const made = await api<TaskRoleView>(routes.giveTaskRole, { body: { task, user, role } });
  await revalidateTasks();
  return made;
}

export async function changeTaskRole(id: string, role: RoleId) {
  const changed = await api<TaskRoleView>(routes.changeTaskRole, { params: { id }, body: { role } });
  await revalidateTasks();
  return changed;
}

export async function removeTaskRole(id: string) {
  await api<unknown>(routes.removeTaskRole, { params: { id } });
  await revalidateTasks();
}

/** The project manager (PATCH /task/{id} {manager}); null clears it. */
export const setTaskManager = (id: string, manager: string | null) => updateTask(id, { manager });
