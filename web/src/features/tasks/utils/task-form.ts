/**
 * The task form's rules as plain functions (spec 000 §2 Task form, §4 form flow, §5, §6): what the
 * title reads, which save buttons show, which fields the caller may change, and what goes over the
 * wire on create and on update. The component only wires these to inputs.
 */
import { checklistCount, parseEditorDocument } from '@tandem/shared/editor/document';
import type { Permission } from '@tandem/shared/groups/roles';
import {
  DEFAULT_LEVEL,
  isChoosablePriorityGroup,
  PRIORITY_GROUPS,
  TASK_FLAG,
  TASK_STATUS,
  TASK_STATUSES,
  type TaskMode,
} from '@tandem/shared/tasks/constants';
import { canHaveChildren, checklistProgress, subtaskTitlesFrom } from '@tandem/shared/tasks/rules';
import type { UpdateTaskInput } from '@tandem/shared/tasks/schemas';
import type { TaskView } from '@tandem/shared/tasks/views';
import { instantOf, type WallTime, wallTime } from '../../../lib/time/zone.ts';
import type { CreateTaskBody } from '../api/tasks.ts';

export interface TaskFormValues {
  title: string;
  description: string;
  /** The rich description (Lexical JSON, D51), or null while it is plain text. */
  descriptionDoc: string | null;
  /** The due date as a datetime-local input holds it ('YYYY-MM-DDTHH:mm', browser zone), or ''. */
  due: string;
  level: number;
  status: number;
  group: string | null;
  priorityGroup: number;
  urgent: boolean;
  mode: TaskMode;
}

/** What a caller may preset on a new task (Today's panels preset the priority group). */
export interface TaskFormDefaults {
  group?: string;
  priorityGroup?: number;
  parent?: string;
}

export type TaskField =
  | 'title'
  | 'description'
  | 'dueAt'
  | 'flag'
  | 'status'
  | 'level'
  | 'group'
  | 'priorityGroup'
  | 'mode';

const FIELD_PERMISSION: Record<TaskField, Permission> = {
  title: 'task.title',
  description: 'task.description',
  dueAt: 'task.dueAt',
  flag: 'task.flag',
  status: 'task.status',
  level: 'task.level',
  group: 'task.group',
  priorityGroup: 'task.priorityGroup',
  mode: 'task.mode',
};

/** A new task (no permissions yet: `null`) is always editable; an existing one by its role's permissions. */
export const canEditField = (permissions: readonly Permission[] | null, field: TaskField): boolean =>
  permissions === null || permissions.includes(FIELD_PERMISSION[field]);

/** canSubmitTaskForm (spec 000 §6): any task field editable, or sub-tasks may be added. */
export const canSubmitTaskForm = (permissions: readonly Permission[] | null): boolean =>
  permissions === null ||
  (Object.keys(FIELD_PERMISSION) as TaskField[]).some((f) => canEditField(permissions, f)) ||
  permissions.includes('task.addChildren');

export const canAddSubtasks = (permissions: readonly Permission[] | null, level: number): boolean =>
  canHaveChildren(level) && (permissions === null || permissions.includes('task.addChildren'));

export const canDeleteTask = (permissions: readonly Permission[]): boolean =>
  permissions.includes('task.deleteTask');

/** Title of the modal: create or edit, with a ' ~ draft' suffix for drafts (spec 000 §2). */
export function formTitle(
  isEdit: boolean,
  mode: TaskMode,
): { key: 'createTitle' | 'editTitle'; draft: boolean } {
  return { key: isEdit ? 'editTitle' : 'createTitle', draft: mode === 'draft' };
}

export type SaveOption = 'save' | 'saveAndNew' | 'saveAndClose';

/**
 * Save options (spec 000 §4): save, save and new (not for templates, nor in a docked editor), and
 * save and close, the default.
 */
export function saveOptions({ docked, mode }: { docked: boolean; mode: TaskMode }): SaveOption[] {
  const out: SaveOption[] = ['save'];
  if (!docked && mode !== 'template') out.push('saveAndNew');
  out.push('saveAndClose');
  return out;
}

/** Statuses offered: Done only on an existing task (spec 000 §4). */
export const statusOptions = (isNew: boolean) =>
  TASK_STATUSES.filter((s) => !isNew || s.id !== TASK_STATUS.done);

/**
 * Priority groups offered: Today, Next, Later, Future. A task already in a group of id 4 or more
 * (Scheduled, Routine…) shows it, disabled, so the select never reads blank.
 */
export function priorityGroupOptions(
  current: number,
): Array<{ id: number; title: string; disabled: boolean }> {
  return PRIORITY_GROUPS.filter((g) => isChoosablePriorityGroup(g.id) || g.id === current).map((g) => ({
    id: g.id,
    title: g.listTitle,
    disabled: !isChoosablePriorityGroup(g.id),
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');
const inputText = (w: WallTime) => `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;

/** An instant as the datetime-local input shows it, in the person's zone (lib/time/zone.ts). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return inputText(wallTime(d));
}

/** The datetime-local text (the person's zone) as an ISO instant, or null when empty or unreadable. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const d = instantOf({ year, month, day, hour, minute });
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export type DueShortcut = 'today' | 'tomorrow' | 'nextWeek';
const SHORTCUT_DAYS: Record<DueShortcut, number> = { today: 0, tomorrow: 1, nextWeek: 7 };

/** Quick due options (spec 000 §9): 23:59 today, tomorrow or a week from today, the person's zone. */
export function dueShortcut(kind: DueShortcut, now: Date): string {
  const today = wallTime(now);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + SHORTCUT_DAYS[kind]));
  return inputText({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: 23,
    minute: 59,
  });
}

export function newTaskValues(
  defaults: TaskFormDefaults | undefined,
  defaultGroup: string | null,
): TaskFormValues {
  const pg = defaults?.priorityGroup;
  return {
    title: '',
    description: '',
    descriptionDoc: null,
    due: '',
    level: DEFAULT_LEVEL,
    status: TASK_STATUS.notStarted,
    group: defaults?.group ?? defaultGroup,
    priorityGroup: pg !== undefined && isChoosablePriorityGroup(pg) ? pg : 0,
    urgent: false,
    mode: 'active',
  };
}

export function valuesFromTask(task: TaskView): TaskFormValues {
  return {
    title: task.title,
    description: task.taskDetails.description,
    descriptionDoc: task.taskDetails.descriptionDoc ?? null,
    due: isoToLocalInput(task.dueAt),
    level: task.level.id,
    status: task.status.id,
    group: task.group.id,
    priorityGroup: task.priorityGroup.id,
    urgent: task.taskDetails.flag === TASK_FLAG.urgent,
    mode: task.mode,
  };
}

/**
 * Whether closing the form now would lose what the person typed (001 §5: discarding with no changes
 * closes without asking). `before` is what the form started from: the task as saved, or a new
 * form's presets, whose empty group is filled in once the groups load (that is no change). Spaces
 * alone are no text.
 */
export function hasUnsavedChanges(before: TaskFormValues, values: TaskFormValues): boolean {
  const text = (v: TaskFormValues) => [v.title.trim(), v.description.trim()];
  const [t0, d0] = text(before);
  const [t1, d1] = text(values);
  if (t0 !== t1 || d0 !== d1 || (before.descriptionDoc ?? null) !== (values.descriptionDoc ?? null))
    return true;
  if (before.group !== null && before.group !== values.group) return true;
  return (
    before.due !== values.due ||
    before.level !== values.level ||
    before.status !== values.status ||
    before.priorityGroup !== values.priorityGroup ||
    before.urgent !== values.urgent ||
    before.mode !== values.mode
  );
}

/** POST /task body for a new task with its sub-tasks (children take the defaults). */
export function createInput(
  values: TaskFormValues,
  subtasks: readonly string[],
  parent?: string,
): CreateTaskBody {
  const status = values.status === TASK_STATUS.done ? TASK_STATUS.notStarted : values.status;
  return {
    title: values.title.trim(),
    group: values.group ?? '',
    details: {
      description: values.description,
      ...(values.descriptionDoc ? { descriptionDoc: values.descriptionDoc } : {}),
      flag: values.urgent ? TASK_FLAG.urgent : TASK_FLAG.normal,
    },
    mode: values.mode === 'draft' ? 'draft' : 'active',
    status: status as CreateTaskBody['status'],
    level: values.level,
    priorityGroup: values.priorityGroup,
    dueAt: localInputToIso(values.due),
    ...(parent ? { parent } : {}),
    ...(subtasks.length > 0 ? { children: subtasks.map((title) => ({ title })) } : {}),
  };
}

/**
 * PATCH /task/{id} body: only what changed, and only fields the caller may change (spec 000 §5:
 * fields the user may not edit are removed before sending). Empty when nothing changed.
 */
export function updateInput(
  task: TaskView,
  values: TaskFormValues,
  permissions: readonly Permission[],
): UpdateTaskInput {
  const out: UpdateTaskInput = {};
  const can = (f: TaskField) => canEditField(permissions, f);
  const before = valuesFromTask(task);
  if (can('title') && values.title.trim() !== task.title) out.title = values.title.trim();
  const details: NonNullable<UpdateTaskInput['details']> = {};
  if (can('description') && values.descriptionDoc !== before.descriptionDoc && values.descriptionDoc !== null)
    details.descriptionDoc = values.descriptionDoc; // the server makes the plain text from it
  else if (can('description') && values.description !== before.description)
    details.description = values.description;
  if (can('flag') && values.urgent !== before.urgent)
    details.flag = values.urgent ? TASK_FLAG.urgent : TASK_FLAG.normal;
  if (Object.keys(details).length > 0) out.details = details;
  if (can('dueAt') && values.due !== before.due) out.dueAt = localInputToIso(values.due);
  if (can('status') && values.status !== before.status)
    out.status = values.status as UpdateTaskInput['status'];
  if (can('level') && values.level !== before.level) out.level = values.level;
  if (can('group') && values.group && values.group !== before.group) out.group = values.group;
  if (
    can('priorityGroup') &&
    values.priorityGroup !== before.priorityGroup &&
    isChoosablePriorityGroup(values.priorityGroup)
  )
    out.priorityGroup = values.priorityGroup;
  if (can('mode') && values.mode !== before.mode) out.mode = values.mode;
  return out;
}

/** Marking Done plays the confetti (spec 000 §4); only the step into Done, not a save of a Done task. */
export const becameDone = (before: number | null, after: number): boolean =>
  after === TASK_STATUS.done && before !== TASK_STATUS.done;

/** Unticking a Done task in a list: back to Active when it was ever activated, else Not Started. */
export const undoneStatus = (task: Pick<TaskView, 'activatedAt'>): 1 | 2 =>
  task.activatedAt ? TASK_STATUS.active : TASK_STATUS.notStarted;

/** "Make sub-tasks" is offered when the description would give more than one sub-task, or is long. */
export function canMakeSubtasks(description: string): boolean {
  const titles = subtaskTitlesFrom(description);
  return titles.length > 1 || (titles.length === 1 && description.trim().length > 80);
}

/**
 * Checklist progress when the description has check-list items, else null: counted in the rich
 * document when there is one, else in the plain text's checklist lines (spec 000 §4).
 */
export function descriptionChecklist(
  description: string,
  descriptionDoc: string | null = null,
): { done: number; total: number } | null {
  const parsed = descriptionDoc ? parseEditorDocument(descriptionDoc) : null;
  const p = parsed?.ok ? checklistCount(parsed.doc) : checklistProgress(description);
  return p.total > 0 ? p : null;
}

/** Where a server error keyed by a field path shows: under that field, or (sub-tasks) the list. */
export function fieldOfErrorPath(path: string): TaskField | 'subtasks' | null {
  const head = path.split('.')[0];
  if (path === 'details.description' || path === 'description' || path === 'details.descriptionDoc')
    return 'description';
  if (path === 'details.flag' || path === 'flag') return 'flag';
  if (head === 'children') return 'subtasks';
  const direct: TaskField[] = ['title', 'dueAt', 'status', 'level', 'group', 'priorityGroup', 'mode'];
  return direct.includes(head as TaskField) ? (head as TaskField) : null;
}

/** Fields shown only in advanced mode: an error on one of them opens advanced mode. */
export const ADVANCED_FIELDS: readonly TaskField[] = ['level', 'status', 'group', 'priorityGroup', 'flag'];

/**
 * The group a new task starts in: the user's default (favourite) group, else the group their
 * settings name, else their first active group.
 */
export function pickDefaultGroup(
  groups: ReadonlyArray<{ id: string; isDefault: boolean; status: number; memberStatus: number }> | undefined,
  configGroup: string | null | undefined,
): string | null {
  const active = (groups ?? []).filter((g) => g.status === 1 && g.memberStatus === 1);
  return (
    active.find((g) => g.isDefault)?.id ??
    active.find((g) => g.id === configGroup)?.id ??
    active[0]?.id ??
    null
  );
}
