/**
 * What a PATCH /task/{id} changes and which permission each change needs (spec 000 §6, issue 9).
 * Only fields that are present and differ from the task are checked (api/patch.ts changedFields);
 * the caller's own place on their lists (task_position, place_between) and user_timezone need none.
 */
import { sameInstant, sameValue } from '../api/patch.ts';
import type { Permission } from '../groups/roles.ts';

/** The permission a changed top-level field needs, and the field a refusal names. */
const FIELD_RULES: Record<string, { permission: Permission; field: string }> = {
  title: { permission: 'task.title', field: 'title' },
  'details.description': { permission: 'task.description', field: 'description' },
  'details.descriptionDoc': { permission: 'task.description', field: 'description' },
  'details.flag': { permission: 'task.flag', field: 'flag' },
  mode: { permission: 'task.mode', field: 'mode' },
  status: { permission: 'task.status', field: 'status' },
  level: { permission: 'task.level', field: 'level' },
  priorityGroup: { permission: 'task.priorityGroup', field: 'priorityGroup' },
  dueAt: { permission: 'task.dueAt', field: 'dueAt' },
  group: { permission: 'task.group', field: 'group' },
  completionAt: { permission: 'task.completionAt', field: 'completionAt' },
  manager: { permission: 'task.manager', field: 'manager' },
  taskAssignees: { permission: 'task.taskAssignees', field: 'taskAssignees' },
  scheduledTask: { permission: 'task.scheduledTask', field: 'scheduledTask' },
};

/** The permission each changed path needs (a schedule's fields all need the schedule's), once each. */
export function taskPatchPermissions(changed: readonly string[]) {
  const rules = changed
    .map((path) => FIELD_RULES[path.startsWith('scheduledTask.') ? 'scheduledTask' : path])
    .filter((r) => r !== undefined);
  return [...new Map(rules.map((r) => [r.permission, r])).values()];
}

type AssigneeLike = { user?: string; email?: string; role: number };
/** The same people with the same roles, in any order; an entry named by e-mail alone counts as new. */
export function sameAssignees(a: unknown, b: unknown): boolean {
  const key = (list: unknown) =>
    Array.isArray(list)
      ? (list as AssigneeLike[]).map((x) => (x.user ? `${x.user}:${x.role}` : `?${x.email}`)).sort()
      : list;
  return sameValue(key(a), key(b));
}

/** Paths of a task PATCH compared by their own rule: instants however written, assignees in any order. */
export const TASK_PATCH_COMPARE = {
  dueAt: sameInstant,
  completionAt: sameInstant,
  taskAssignees: sameAssignees,
  'scheduledTask.startDate': sameInstant,
  'scheduledTask.endDate': sameInstant,
  'scheduledTask.initialDate': sameInstant,
};
