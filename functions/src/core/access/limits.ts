/**
 * Subscription limits on the server: which counter answers each event, the precise refusal when a
 * write would pass a limit (400 with detail.current_status, spec 001 §7), and GET
 * /user/subscription/limit. The counters live on the user item and change in the same transaction
 * as the write they count, with a condition that keeps them under the limit under concurrency.
 */
import {
  bytesToMb,
  effectiveStatus,
  LIMIT_EVENTS,
  LIMIT_TITLES,
  LIMITS,
  type LimitEvent,
  type LimitRefusalDetail,
  type LimitsView,
  limitStatus,
  mostSevere,
  STORAGE_EVENTS,
  type SubscriptionPackage,
  TASK_COUNTED_EVENTS,
  type TaskCountedEvent,
} from '@tandem/shared';
import { TransactionCanceledError } from '../../db/transact.ts';
import { HttpError } from '../../lib/errors.ts';
import { readUser, type UserRecord } from './users.ts';

export const LIMIT_REFUSED_CODE = 'subscription.limit-reached';

/** Counters kept on the user item, by event. Events of features not built yet have no items to count. */
export const COUNTER_ATTRIBUTE = {
  ownedGroup: 'ownedGroupCount',
  ownedGroupTotal: 'ownedGroupTotalCount',
  groupMembership: 'groupMembershipCount',
  totalTasks: 'totalTasksCount',
  activeTasks: 'activeTasksCount',
  delegatedTasks: 'delegatedTasksCount',
  totalRoutineInstances: 'totalRoutineInstancesCount',
  totalCurriculums: 'totalCurriculumsCount',
  totalCurriculumLessons: 'totalCurriculumLessonsCount',
} as const satisfies Partial<Record<LimitEvent, keyof UserRecord>>;
export type CountedEvent = keyof typeof COUNTER_ATTRIBUTE;

export const limitOf = (pkg: string, event: LimitEvent): number =>
  LIMITS[(pkg in LIMITS ? pkg : 'free_license') as SubscriptionPackage][event];

export class LimitReachedError extends HttpError {
  constructor(event: LimitEvent, limit: number, count: number) {
    const message =
      limit === 0
        ? `Your plan does not include ${LIMIT_TITLES[event].toLowerCase()}. Upgrade your subscription to use them.`
        : `You have reached your plan's limit of ${limit} for ${LIMIT_TITLES[event].toLowerCase()}. Upgrade your subscription to add more.`;
    const detail: LimitRefusalDetail = {
      currentStatus: limitStatus(count, limit) === 'ok' ? 'met' : limitStatus(count, limit),
      event,
      limit,
      currentCount: count,
      message,
    };
    super(400, LIMIT_REFUSED_CODE, message, detail);
  }
}

/** Refuses when adding `by` to the user's counter for `event` would pass the limit. */
export function assertUnderLimit(user: UserRecord, event: CountedEvent, by = 1): void {
  const limit = limitOf(user.subscription.package, event);
  const count = user[COUNTER_ATTRIBUTE[event]] ?? 0;
  if (count + by > limit) throw new LimitReachedError(event, limit, count);
}

type UserWrites = Parameters<Parameters<typeof import('../../db/transact.ts').transact>[0]>[0]['user'];

/**
 * The write that keeps a task creator's counters (spec 000 §9; docs/decisions.md D16) inside the same
 * transaction as the task writes it counts. Each counter that grows carries the condition that it
 * stays within the owner's limit, so concurrent writes cannot pass it; a shrinking counter has no
 * condition. Null when nothing changes. `owner` is needed only when a counter grows.
 */
export function taskCounterWrite(
  u: UserWrites,
  ownerId: string,
  delta: Record<TaskCountedEvent, number>,
  owner: Pick<UserRecord, 'subscription'> | null,
) {
  const changed = TASK_COUNTED_EVENTS.filter((e) => delta[e] !== 0);
  if (changed.length === 0) return null;
  const add = Object.fromEntries(changed.map((e) => [COUNTER_ATTRIBUTE[e], delta[e]]));
  const growing = changed.filter((e) => delta[e] > 0);
  let patch = u.patch({ userId: ownerId }).add(add);
  if (growing.length && owner) {
    const pkg = owner.subscription.package;
    patch = patch.where((a, op) =>
      growing
        .map((e) => {
          const attr = a[COUNTER_ATTRIBUTE[e]];
          return `(${op.notExists(attr)} OR ${op.lte(attr, limitOf(pkg, e) - delta[e])})`;
        })
        .join(' AND '),
    );
  }
  return patch.commit();
}

/** Refuses up front when the owner's counters plus `delta` would pass a limit (no write). */
export function assertTaskCountsFit(owner: UserRecord, delta: Record<TaskCountedEvent, number>): void {
  for (const e of TASK_COUNTED_EVENTS) if (delta[e] > 0) assertUnderLimit(owner, e, delta[e]);
}

/**
 * After a transaction whose counter write (at `index`) failed its condition: the limit as it now
 * stands, read fresh (a concurrent write took the last place). Rethrows anything else.
 */
export async function limitFailure(
  e: unknown,
  index: number,
  ownerId: string,
  delta: Record<TaskCountedEvent, number>,
): Promise<never> {
  if (e instanceof TransactionCanceledError && e.failedAt(index)) {
    const fresh = await readUser(ownerId);
    if (!fresh) throw e;
    assertTaskCountsFit(fresh, delta);
    const event = TASK_COUNTED_EVENTS.find((x) => delta[x] > 0) ?? 'totalTasks';
    const limit = limitOf(fresh.subscription.package, event);
    throw new LimitReachedError(event, limit, limit);
  }
  throw e;
}

export function limitsView(
  user: UserRecord,
  events: readonly LimitEvent[],
  counts: Partial<Record<LimitEvent, number>>,
  now = new Date(),
): LimitsView {
  const pkg = user.subscription.package;
  const results = events.map((event) => {
    const limit = limitOf(pkg, event);
    const count = counts[event] ?? 0;
    return {
      event,
      title: LIMIT_TITLES[event],
      limit,
      ...(STORAGE_EVENTS.includes(event) ? { currentStorage: count } : { currentCount: count }),
      package: pkg,
      hasAccess: limit > 0,
      // A feature the plan does not include, and nothing of it used, is no limit reached.
      status: limit === 0 && count === 0 ? ('ok' as const) : limitStatus(count, limit),
    };
  });
  return {
    status: mostSevere(results.map((r) => r.status)),
    currentStatus: effectiveStatus(user.subscription, now),
    package: pkg,
    results,
  };
}

export const ALL_LIMIT_EVENTS = LIMIT_EVENTS;

const FILE_COUNTERS = {
  taskAttachments: 'taskAttachmentsCount',
  storage: 'storageBytes',
  curriculumAttachments: 'curriculumAttachmentsCount',
  curriculumStorage: 'curriculumStorageBytes',
} as const satisfies Partial<Record<LimitEvent, keyof UserRecord>>;

/** Counts for GET /user/subscription/limit: the user's counters; a group's roster with `target`. */
export async function countsFor(
  user: UserRecord,
  events: readonly LimitEvent[],
  targetGroupSeats: number | null,
): Promise<Partial<Record<LimitEvent, number>>> {
  const counts: Partial<Record<LimitEvent, number>> = {};
  for (const event of events) {
    // A counter never reads below zero (tasks made before counting began may be deleted later).
    if (event in COUNTER_ATTRIBUTE)
      counts[event] = Math.max(0, user[COUNTER_ATTRIBUTE[event as CountedEvent]] ?? 0);
    else if (event === 'ownedGroupMemberAmount') counts[event] = targetGroupSeats ?? 0;
    // Attachments (decisions D44; a curriculum's, D72): kept on the adder's item; storage in MB, bytes stored.
    else if (event in FILE_COUNTERS) {
      const n = Math.max(0, user[FILE_COUNTERS[event as keyof typeof FILE_COUNTERS]] ?? 0);
      counts[event] = STORAGE_EVENTS.includes(event) ? bytesToMb(n) : n;
    }
    // Events of features not built yet: nothing exists to count.
    else counts[event] = 0;
  }
  return counts;
}
