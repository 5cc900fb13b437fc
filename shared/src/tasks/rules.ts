/**
 * Task rules shared by the server and the web (spec 000 §4, §5): what saving does to a task's status,
 * mode, timestamps, priority group and position, whether it belongs to today's list, and which moves
 * in a tree are allowed. Pure functions; the clock and the user's zone are passed in.
 */
import { DateTime } from 'luxon';
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

/** Due today in the user's own zone. */
export function isDueToday(dueAt: string | null, zone: string, now: Date): boolean {
  if (!dueAt) return false;
  const due = DateTime.fromISO(dueAt, { zone });
  const today = DateTime.fromJSDate(now, { zone });
  return due.isValid && due.hasSame(today, 'day');
}

/**
 * Today's list holds urgent tasks, tasks due today, and Done tasks completed within the last day;
 * tasks completed longer ago leave it.
 */
export function isOnTodayList(
  t: Pick<TaskState, 'flag' | 'status' | 'dueAt' | 'completionAt'>,
  zone: string,
  now: Date,
) {
  if (t.status === TASK_STATUS.done) {
    return t.completionAt !== null && now.getTime() - Date.parse(t.completionAt) < DAY_MS;
  }
  return t.flag === TASK_FLAG.urgent || isDueToday(t.dueAt, zone, now);
}

/** Pinned to today (urgent or due today): such a task cannot be dragged out of its group. */
export const isPinnedToToday = (t: Pick<TaskState, 'flag' | 'status' | 'dueAt'>, zone: string, now: Date) =>
  t.status !== TASK_STATUS.done && (t.flag === TASK_FLAG.urgent || isDueToday(t.dueAt, zone, now));

export const defaultPriorityGroup = PRIORITY_GROUP.now;

/** Issue tasks (level 8) take no sub-items. */
export const canHaveChildren = (level: number) => level < ISSUE_LEVEL;

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
