/**
 * Subscription limits (spec 000 §9 events; 000 §4 ok / met / exceeded). One table of limits per
 * package (our choice, docs/decisions.md D7). Counters are kept on write; a write that would pass a
 * limit is refused with 400 and detail.current_status.
 */
import type { SubscriptionPackage } from './subscription.ts';

export const LIMIT_EVENTS = [
  'ownedGroup',
  'ownedGroupTotal',
  'groupMembership',
  'ownedGroupMemberAmount',
  'delegatedTasks',
  'activeTasks',
  'totalTasks',
  'totalRoutineInstances',
  'taskAttachments',
  'storage',
  'integrations',
  'totalCurriculums',
  'totalCurriculumLessons',
  'curriculumAttachments',
  'curriculumStorage',
] as const;
export type LimitEvent = (typeof LIMIT_EVENTS)[number];

/** Storage events are in MB and answer current_storage; the others count items. */
export const STORAGE_EVENTS: readonly LimitEvent[] = ['storage', 'curriculumStorage'];

export const LIMIT_TITLES: Record<LimitEvent, string> = {
  ownedGroup: 'Active groups you own',
  ownedGroupTotal: 'Groups you own, archived included',
  groupMembership: 'Groups you belong to',
  ownedGroupMemberAmount: 'Members in a group you own',
  delegatedTasks: 'Delegated tasks',
  activeTasks: 'Active tasks',
  totalTasks: 'Tasks',
  totalRoutineInstances: 'Routine instances',
  taskAttachments: 'Task attachments',
  storage: 'Storage (MB)',
  integrations: 'Calendar integrations',
  totalCurriculums: 'Curricula',
  totalCurriculumLessons: 'Curriculum lessons',
  curriculumAttachments: 'Curriculum attachments',
  curriculumStorage: 'Curriculum storage (MB)',
};

const teams: Record<LimitEvent, number> = {
  ownedGroup: 100,
  ownedGroupTotal: 200,
  groupMembership: 200,
  ownedGroupMemberAmount: 100,
  delegatedTasks: 10_000,
  activeTasks: 20_000,
  totalTasks: 100_000,
  totalRoutineInstances: 50_000,
  taskAttachments: 10_000,
  storage: 51_200,
  integrations: 10,
  totalCurriculums: 200,
  totalCurriculumLessons: 5_000,
  curriculumAttachments: 2_000,
  curriculumStorage: 10_240,
};

export const LIMITS: Record<SubscriptionPackage, Record<LimitEvent, number>> = {
  /** The trial shows everything a team gets, at team scale. */
  full_14_days_trial: { ...teams, ownedGroup: 50, ownedGroupTotal: 100, storage: 2_048, integrations: 2 },
  teams_license: teams,
  /** One person's planning: no curricula (the upsell), small groups. */
  standard_license: {
    ...teams,
    ownedGroup: 10,
    ownedGroupTotal: 20,
    groupMembership: 30,
    ownedGroupMemberAmount: 10,
    delegatedTasks: 500,
    activeTasks: 1_000,
    totalTasks: 5_000,
    totalRoutineInstances: 2_000,
    taskAttachments: 500,
    storage: 5_120,
    integrations: 2,
    totalCurriculums: 0,
    totalCurriculumLessons: 0,
    curriculumAttachments: 0,
    curriculumStorage: 0,
  },
  free_license: {
    ownedGroup: 2,
    ownedGroupTotal: 4,
    groupMembership: 5,
    ownedGroupMemberAmount: 3,
    delegatedTasks: 20,
    activeTasks: 100,
    totalTasks: 500,
    totalRoutineInstances: 100,
    taskAttachments: 20,
    storage: 100,
    integrations: 0,
    totalCurriculums: 0,
    totalCurriculumLessons: 0,
    curriculumAttachments: 0,
    curriculumStorage: 0,
  },
};

export type LimitStatus = 'ok' | 'met' | 'exceeded';
const severity: Record<LimitStatus, number> = { ok: 0, met: 1, exceeded: 2 };

export function limitStatus(count: number, limit: number): LimitStatus {
  if (count > limit) return 'exceeded';
  return count === limit ? 'met' : 'ok';
}

/** The most severe of several statuses is the one shown. */
export const mostSevere = (statuses: readonly LimitStatus[]): LimitStatus =>
  statuses.reduce<LimitStatus>((a, b) => (severity[b] > severity[a] ? b : a), 'ok');

/** Would adding `by` more pass the limit? */
export const wouldExceed = (count: number, limit: number, by = 1) => count + by > limit;

/** The task events counted on write (spec 000 §9), each a counter on the task creator's user item. */
export const TASK_COUNTED_EVENTS = [
  'totalTasks',
  'activeTasks',
  'delegatedTasks',
  'totalRoutineInstances',
] as const;
export type TaskCountedEvent = (typeof TASK_COUNTED_EVENTS)[number];

/** What a task counts for its creator (our reading, docs/decisions.md D16). */
export interface CountedTask {
  mode: string;
  createdBy: string;
  assigneeIds: readonly string[];
  /** A routine's instance of one day counts as a routine instance, not as a task. */
  routineInstance: boolean;
}

/**
 * A task counts once in totalTasks; in activeTasks while its mode is active (not draft, completed or
 * template); in delegatedTasks while someone other than its creator is its assignee. A routine
 * instance counts only in totalRoutineInstances.
 */
export function taskCounts(t: CountedTask): Record<TaskCountedEvent, number> {
  if (t.routineInstance)
    return { totalTasks: 0, activeTasks: 0, delegatedTasks: 0, totalRoutineInstances: 1 };
  return {
    totalTasks: 1,
    activeTasks: t.mode === 'active' ? 1 : 0,
    delegatedTasks: t.assigneeIds.some((id) => id !== t.createdBy) ? 1 : 0,
    totalRoutineInstances: 0,
  };
}

/** The change to the creator's counters when a task goes from `before` to `after` (null: absent). */
export function taskCountDelta(
  before: CountedTask | null,
  after: CountedTask | null,
): Record<TaskCountedEvent, number> {
  const b = before ? taskCounts(before) : null;
  const a = after ? taskCounts(after) : null;
  return Object.fromEntries(TASK_COUNTED_EVENTS.map((e) => [e, (a?.[e] ?? 0) - (b?.[e] ?? 0)])) as Record<
    TaskCountedEvent,
    number
  >;
}

/** Sums deltas (several tasks written together). */
export function sumCounts(
  deltas: ReadonlyArray<Partial<Record<TaskCountedEvent, number>>>,
): Record<TaskCountedEvent, number> {
  const out = { totalTasks: 0, activeTasks: 0, delegatedTasks: 0, totalRoutineInstances: 0 };
  for (const d of deltas) for (const e of TASK_COUNTED_EVENTS) out[e] += d[e] ?? 0;
  return out;
}
