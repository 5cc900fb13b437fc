/**
 * Task rules shared by the server and the web (spec 000 §4, §5): what saving does to a task's status,
 * mode, timestamps, priority group and position, whether it belongs to today's list, and which moves
 * in a tree are allowed. Pure functions; the clock and the user's zone are passed in.
 */
import { isoDayIn } from '../time/wall-clock.ts';
import { ISSUE_LEVEL, PRIORITY_GROUP, TASK_FLAG, TASK_STATUS, type TaskMode } from './constants.ts';

export interface TaskState {
  status: number;
  mode: TaskMode;
  flag: number;
  priorityGroup: number;
  dueAt: string | null;
  completionAt: string | null;
  activatedAt: string | null;
  taskPosition: 'top' | 'bottom' | 'custom';
}

/**
 * The effect of a save: Done stamps completion and completes the mode and goes to the bottom;
 * leaving Done clears the completion; a task that becomes active gets its activation time once;
 * urgent goes to the top (unless Done). A position the user chose by dragging stays custom.
 */
export function applySaveRules(prev: TaskState | null, next: TaskState, now: Date): TaskState {
  const out = { ...next };
  const iso = now.toISOString();
  const becameDone = next.status === TASK_STATUS.done && prev?.status !== TASK_STATUS.done;
  if (becameDone) {
    out.completionAt = iso;
    out.mode = 'completed';
  } else if (next.status !== TASK_STATUS.done && prev?.status === TASK_STATUS.done) {
    out.completionAt = null;
    if (out.mode === 'completed') out.mode = 'active';
  }
  if (out.mode === 'active' && !out.activatedAt) out.activatedAt = iso;
  const promoted = next.flag === TASK_FLAG.urgent && prev?.flag !== TASK_FLAG.urgent;
  if (out.status === TASK_STATUS.done) {
    if (becameDone || out.taskPosition !== 'custom') out.taskPosition = 'bottom';
  } else if (promoted) {
    out.taskPosition = 'top';
  }
  return out;
}

const DAY_MS = 24 * 3600 * 1000;

/** An ISO 8601 date-time that names its offset (`Z`, `+02:00`, `-0530`, `+05`). */
const HAS_OFFSET = /T[\d:.]+(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:T\d{2}(?::\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?)?$/;

/**
 * Due today in the user's own zone. With the platform's Intl, not Luxon (70 KB in every task route's
 * bundle, D42); held to Luxon's answer (`fromISO(dueAt, { zone }).hasSame(now, 'day')`) in
 * shared/test/task-rules.test.ts: a date-time without an offset is a wall time in `zone`.
 */
export function isDueToday(dueAt: string | null | undefined, zone: string, now: Date): boolean {
  if (!dueAt) return false;
  try {
    const today = isoDayIn(now, zone);
    // A calendar day that exists (V8 reads 2026-02-30 as March 2nd; Luxon refuses it).
    const day = /^\d{4}-\d{2}-\d{2}/.exec(dueAt)?.[0];
    if (!day || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return false;
    if (!HAS_OFFSET.test(dueAt)) return ISO_DAY.test(dueAt) && day === today;
    const at = Date.parse(dueAt);
    return !Number.isNaN(at) && isoDayIn(new Date(at), zone) === today;
  } catch {
    return false; // an unknown zone, as Luxon's invalid DateTime
  }
}

/** Completed within the last day: a Done task stays on today's list that long, then leaves it. */
export const completedWithinDay = (completionAt: string | null | undefined, now: Date) =>
  !!completionAt && now.getTime() - Date.parse(completionAt) < DAY_MS;

/** What the Today rule reads of a task: its status, flag, due date and one-off schedule's start. */
export interface TodayFacts {
  status: number;
  flag: number;
  dueAt: string | null;
  completionAt?: string | null;
  /** The start of a schedule without recurrence; a routine's occurrences are not "today" tasks. */
  scheduledStart?: string | null;
}

/**
 * Promoted to today (spec 000 §4): not Done, and urgent, due today or starting today in the
 * person's zone. Such a task belongs at the top of Today.
 */
export const isPromotedToToday = (t: TodayFacts, zone: string, now: Date) =>
  t.status !== TASK_STATUS.done &&
  (t.flag === TASK_FLAG.urgent || isDueToday(t.dueAt, zone, now) || isDueToday(t.scheduledStart, zone, now));

/**
 * Today's list (spec 000 §4, 001 §4) holds urgent tasks, tasks due or starting today in the person's
 * zone, and Done tasks completed within the last day; tasks completed longer ago leave it.
 */
export function isOnTodayList(t: TodayFacts, zone: string, now: Date) {
  if (t.status === TASK_STATUS.done) return completedWithinDay(t.completionAt, now);
  return isPromotedToToday(t, zone, now);
}

/** Pinned to today (urgent or due today): such a task cannot be dragged out of its group. */
export const isPinnedToToday = (t: Pick<TaskState, 'flag' | 'status' | 'dueAt'>, zone: string, now: Date) =>
  t.status !== TASK_STATUS.done && (t.flag === TASK_FLAG.urgent || isDueToday(t.dueAt, zone, now));

/**
 * Priority groups the Today rule moves tasks out of: the planning groups (Today, Next, Later, Future)
 * and Scheduled. Routines, routine definitions, Issues and base tasks keep their own lists.
 */
const movesToToday = (priorityGroup: number) =>
  priorityGroup >= 0 && priorityGroup <= PRIORITY_GROUP.scheduled;

/**
 * Where a save puts a task on a person's lists by the Today rule (spec 000 §4): becoming Done sends
 * it to the bottom of Today; becoming urgent, due today or starting today sends it to the top of
 * Today. Null when the save changes nothing the rule looks at (the task stays where it is). `prev`
 * is null for a new task.
 */
export function todayPlacement(
  prev: TodayFacts | null,
  next: TodayFacts,
  priorityGroup: number,
  zone: string,
  now: Date,
): { priorityGroup: 0; position: 'top' | 'bottom' } | null {
  if (!movesToToday(priorityGroup)) return null;
  if (next.status === TASK_STATUS.done && prev !== null && prev.status !== TASK_STATUS.done)
    return { priorityGroup: PRIORITY_GROUP.now, position: 'bottom' };
  if (isPromotedToToday(next, zone, now) && !(prev && isPromotedToToday(prev, zone, now)))
    return { priorityGroup: PRIORITY_GROUP.now, position: 'top' };
  return null;
}

export const defaultPriorityGroup = PRIORITY_GROUP.now;

/** Issue tasks (level 8) take no sub-items (000 §5, 002 §9). */
export const canHaveChildren = (level: number) => level < ISSUE_LEVEL;

/**
 * The issue rule on a whole forest after a change: the ids of tasks at the issue level (or above)
 * that would have sub-items. Empty when the change keeps every issue without children.
 */
export function issuesWithChildren(
  tasks: ReadonlyArray<{ id: string; level: number; parentId: string | null }>,
) {
  const levels = new Map(tasks.map((t) => [t.id, t.level]));
  const bad = new Set<string>();
  for (const t of tasks) {
    const parentLevel = t.parentId ? levels.get(t.parentId) : undefined;
    if (parentLevel !== undefined && !canHaveChildren(parentLevel)) bad.add(t.parentId!);
  }
  return [...bad];
}

/**
 * An individual delegation lives in one group: the individual parent's (IP) group is locked (spec 000
 * §5: the group selector is disabled for individual-delegation parents), and so is each individual
 * copy's (IC), which keeps its parent's group.
 */
export const isGroupLocked = (delegationType: string) => delegationType === 'IP' || delegationType === 'IC';
export const GROUP_LOCKED_MESSAGE =
  'An individual delegation and its copies stay in the group it was made in.';

/**
 * A task may move under `newParentId` unless that is the task itself or one of its descendants
 * (`ancestorsOfNewParent` lists the new parent's ancestors, nearest first).
 */
export function isValidMove(
  taskId: string,
  newParentId: string | null,
  ancestorsOfNewParent: readonly string[],
) {
  if (newParentId === null) return true;
  return newParentId !== taskId && !ancestorsOfNewParent.includes(taskId);
}

/** Checklist items in a description ("- [ ]" / "- [x]" or "[ ]" / "[x]" lines) counted done/total. */
export function checklistProgress(description: string): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const line of description.split(/\r?\n/)) {
    const m = /^\s*(?:[-*]\s*)?\[( |x|X)\]/.exec(line);
    if (!m) continue;
    total++;
    if (m[1] !== ' ') done++;
  }
  return { done, total };
}

/**
 * A long description turned into sub-tasks: one per line or sentence; titles of about 50 characters
 * with an ellipsis when cut (spec 000 §5).
 */
export function subtaskTitlesFrom(description: string, max = 50): string[] {
  const parts = description
    .split(/\r?\n|(?<=[.!?])\s+/)
    .map((p) => p.replace(/^\s*(?:[-*•·o§]\s+|\d+[.)]\s+|\[[ xX]\]\s*)/, '').trim())
    .filter(Boolean);
  return parts.map((p) => (p.length > max ? `${p.slice(0, max).trimEnd()}…` : p));
}
