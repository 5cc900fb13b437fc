/**
 * The daily normalisation (spec 001 §4; issue 5), for one person in their own zone:
 * 1. one-off scheduled tasks assigned to them, active and not done, go to Now (at the top) on the day
 *    they start, or to Scheduled while they are ahead;
 * 2. a task with a recurrence and no initial date becomes a routine definition (priority group 6);
 * 3. the day's routine instances are created (priority group 5) at the person's routine times for
 *    flexible routines, or at the occurrence's own time;
 * 4. the morning reminder lists the tasks due today, sent once per person per day.
 * Tasks completed more than a day ago leave today's list by the list rule itself (tasks.ts), so there
 * is nothing to write for them.
 *
 * Idempotent and safe to run twice at once: moves compare before writing, a routine instance has a
 * deterministic id and is created on the condition that it does not exist, and the reminder is sent
 * only by the run that wins the conditional update of the person's day state. One run at a time per
 * person holds a lease on the day state (`runningSince`); a second run waits for it to end, and a lease
 * older than 30 s is a stuck run (its function was stopped) and is taken over (spec 001 §9).
 */
import { PRIORITY_GROUP, TASK_STATUS, taskCountDelta, todayPlacement } from '@tandem/shared';
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import { NON_SCHEDULED_ROUTINE_MINUTES } from '@tandem/shared/time/schedule';
import { generateKeyBetween } from 'fractional-indexing';
import { DateTime } from 'luxon';
import { DayStateEntity } from '../../db/entities/day-state.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { TransactionCanceledError, transact } from '../../db/transact.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { sendMail } from '../../lib/mailer.ts';
import { taskCounterWrite } from '../access/limits.ts';
import type { PlacementRecord, TaskRecord } from '../access/task-access.ts';
import { endCode, peopleOf } from '../tasks/tasks.ts';
import type { UserRecord } from '../user/user.ts';

export { NORMALIZE_AT_LOCAL_HOUR, nextDueHour } from './day-hours.ts';

import { isConditionFailed } from '../../lib/conditions.ts';
import { nextDueHour } from './day-hours.ts';

export interface NormalizationResult {
  day: string;
  movedToNow: number;
  movedToScheduled: number;
  definitions: number;
  instances: number;
  reminded: boolean;
}

const iso = (dt: DateTime) => dt.toUTC().toISO({ suppressMilliseconds: true })!;

/** Spec 001 §9: a normalisation stuck for 30 s is reset. */
export const NORMALIZATION_STUCK_MS = 30_000;
const LEASE_POLL_MS = 250;

/**
 * Takes the person's normalisation lease, waiting while another run holds a live one; a lease older
 * than NORMALIZATION_STUCK_MS is taken over. Leases use the real clock, not the run's `now`.
 */
async function takeLease(userId: string): Promise<string> {
  for (;;) {
    const at = new Date();
    const since = at.toISOString();
    const stuckBefore = new Date(at.getTime() - NORMALIZATION_STUCK_MS).toISOString();
    try {
      await DayStateEntity.update({ userId })
        .set({ runningSince: since })
        .where(
          ({ runningSince }, { notExists, lt }) =>
            `${notExists(runningSince)} OR ${lt(runningSince, stuckBefore)}`,
        )
        .go({ response: 'none' });
      return since;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
      await new Promise((r) => setTimeout(r, LEASE_POLL_MS));
    }
  }
}

/** Ends the lease, unless a later run took it over meanwhile. */
async function releaseLease(userId: string, since: string): Promise<void> {
  try {
    await DayStateEntity.patch({ userId })
      .remove(['runningSince'])
      .where(({ runningSince }, { eq }) => eq(runningSince, since))
      .go({ response: 'none' });
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

export async function normalizeUser(
  userId: string,
  zoneGiven?: string,
  now = new Date(),
): Promise<NormalizationResult> {
  const lease = await takeLease(userId);
  try {
    return await normalizeUnderLease(userId, zoneGiven, now);
  } finally {
    await releaseLease(userId, lease);
  }
}

async function normalizeUnderLease(userId: string, zoneGiven: string | undefined, now: Date) {
  const user = (await UserEntity.get({ userId }).go()).data as UserRecord | null;
  if (!user) throw new Error(`No user ${userId}`);
  const zone = zoneGiven ?? user.config.timezone ?? 'UTC';
  const today = DateTime.fromJSDate(now, { zone });
  const day = today.toISODate()!;
  const dayStart = today.startOf('day');
  const result: NormalizationResult = {
    day,
    movedToNow: 0,
    movedToScheduled: 0,
    definitions: 0,
    instances: 0,
    reminded: false,
  };

  const placements = (await PlacementEntity.query.byUser({ userId }).go({ pages: 'all' }))
    .data as PlacementRecord[];
  // Scheduled tasks, and open tasks in the planning groups the Today rule may bring into Today.
  const scheduled = placements.filter(
    (p) =>
      !p.dismissed &&
      (p.scheduled ||
        (p.mode === 'active' &&
          p.status !== TASK_STATUS.done &&
          p.priorityGroup <= PRIORITY_GROUP.scheduled)),
  );
  const tasks = scheduled.length
    ? ((await TaskEntity.get(scheduled.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 }))
        .data as TaskRecord[])
    : [];
  const placementOf = new Map(placements.map((p) => [p.taskId, p]));
  const firstOfNow =
    placements
      .filter((p) => p.priorityGroup === 0)
      .map((p) => p.sortCode)
      .sort()[0] ?? null;
  let topCode = firstOfNow;
  // Today's routine instances that exist already (one BatchGetItem), so a second run writes nothing.
  const instanceIds = tasks
    .filter((t) => t.schedule?.recurRule && !t.schedule.initialDate && t.mode === 'active')
    .map((t) => `${t.taskId}~${day}`);
  const existing = new Set(
    instanceIds.length
      ? ((await TaskEntity.get(instanceIds.map((taskId) => ({ taskId }))).go()).data as TaskRecord[]).map(
          (t) => t.taskId,
        )
      : [],
  );
  const lastRoutineCode = new Map<string, string | null>();
  const nextRoutineCode = async (personId: string) => {
    if (!lastRoutineCode.has(personId)) lastRoutineCode.set(personId, await endCode(personId, 5, 'bottom'));
    const code = generateKeyBetween(lastRoutineCode.get(personId) ?? null, null);
    lastRoutineCode.set(personId, code);
    return code;
  };

  for (const t of tasks) {
    const s = t.schedule;
    const p = placementOf.get(t.taskId);
    if (!p) continue;
    // The Today rule (spec 000 §4, 001 §4): urgent tasks and tasks due or starting today go to the
    // top of Today; a one-off schedule's start counts only for the tasks assigned to the person.
    const oneOff = s && !s.recurRule && t.assignees[userId] ? s.startDate : null;
    if (
      t.mode === 'active' &&
      p.priorityGroup !== PRIORITY_GROUP.now &&
      todayPlacement(
        null,
        { status: t.status, flag: t.flag, dueAt: t.dueAt ?? null, scheduledStart: oneOff },
        p.priorityGroup,
        zone,
        now,
      )
    ) {
      topCode = generateKeyBetween(null, topCode);
      await PlacementEntity.patch({ userId, taskId: t.taskId })
        .set({ priorityGroup: PRIORITY_GROUP.now, sortCode: topCode, taskPosition: 'top' })
        .go({ response: 'none' });
      result.movedToNow++;
      continue;
    }
    if (!s) continue;
    if (s.recurRule && !s.initialDate) {
      if (p.priorityGroup !== 6) {
        await PlacementEntity.patch({ userId, taskId: t.taskId })
          .set({ priorityGroup: 6 })
          .go({ response: 'none' });
        result.definitions++;
      }
      if (
        t.mode === 'active' &&
        !existing.has(`${t.taskId}~${day}`) &&
        (await createInstance(t, user, zone, dayStart, nextRoutineCode))
      ) {
        result.instances++;
      }
      continue;
    }
    // A routine's instance stays in Routines (5); only one-off tasks move to Now or Scheduled.
    if (
      s.recurRule ||
      t.routineTaskId ||
      t.mode !== 'active' ||
      t.status === TASK_STATUS.done ||
      !t.assignees[userId]
    )
      continue;
    const start = DateTime.fromISO(s.startDate, { setZone: true }).setZone(zone);
    if (start > today.endOf('day') && p.priorityGroup !== 4 && p.priorityGroup !== 0) {
      await PlacementEntity.patch({ userId, taskId: t.taskId })
        .set({ priorityGroup: 4 })
        .go({ response: 'none' });
      result.movedToScheduled++;
    }
  }

  result.reminded = await remind(user, zone, day, placements, now);
  await DayStateEntity.upsert({
    userId,
    dueHour: nextDueHour(zone, now),
    normalizedOn: day,
    timezone: zone,
  }).go({
    response: 'none',
  });
  return result;
}

/**
 * Today's instance of a routine, if the routine falls today: one task, shared by the routine's
 * people, with a deterministic id so a second run (or a concurrent one) creates nothing.
 */
async function createInstance(
  def: TaskRecord,
  user: UserRecord,
  zone: string,
  dayStart: DateTime,
  nextCode: (personId: string) => Promise<string>,
): Promise<boolean> {
  const s = def.schedule!;
  const [occurrence] = expandOccurrences(s, iso(dayStart), iso(dayStart.plus({ days: 1 })));
  if (!occurrence) return false;
  const slot = ({ 1: 'beginning', 2: 'middle', 3: 'end' } as const)[s.flexibleTime as 1 | 2 | 3];
  const start = slot
    ? dayStart.set({
        hour: Number(user.config.routineTimes[slot].slice(0, 2)),
        minute: Number(user.config.routineTimes[slot].slice(3, 5)),
      })
    : DateTime.fromISO(occurrence.start);
  const taskId = `${def.taskId}~${dayStart.toISODate()}`;
  const people = peopleOf(def);
  const duration = s.flexibleTime === 4 ? s.duration : s.duration || NON_SCHEDULED_ROUTINE_MINUTES;
  // Each person's Routine group gets the instance at its end.
  const codes = new Map<string, string>();
  for (const u of people) codes.set(u, await nextCode(u));
  // The routine's owner counts the instance (totalRoutineInstances); past the limit it is not made.
  const delta = taskCountDelta(null, {
    mode: 'active',
    createdBy: def.createdBy,
    assigneeIds: [],
    routineInstance: true,
  });
  const owner =
    def.createdBy === user.userId
      ? user
      : ((await UserEntity.get({ userId: def.createdBy }).go()).data as UserRecord | null);
  try {
    await transact(({ task, placement, user: uE }) => [
      task
        .create({
          taskId,
          title: def.title,
          description: def.description,
          flag: def.flag,
          status: TASK_STATUS.notStarted,
          mode: 'active',
          level: def.level,
          groupId: def.groupId,
          rootId: taskId,
          createdBy: def.createdBy,
          creatorName: def.creatorName,
          delegationType: def.delegationType,
          assignees: def.assignees,
          routineTaskId: def.taskId,
          routineDay: dayStart.toISODate()!,
          schedule: {
            ...s,
            recurRule: null,
            initialDate: null,
            startDate: iso(start),
            endDate: null,
            exDate: [],
            rDate: [],
            duration,
            timezone: zone,
          },
          version: 1,
        })
        .commit(),
      ...people.map((userId) =>
        placement
          .create({
            userId,
            taskId,
            priorityGroup: 5,
            sortCode: codes.get(userId)!,
            taskPosition: 'custom',
            isOwner: userId === def.createdBy,
            delegatedToMe: userId !== def.createdBy,
            scheduled: true,
            groupId: def.groupId,
            delegationType: def.delegationType,
            mode: 'active',
            status: TASK_STATUS.notStarted,
            titleLower: def.title.toLowerCase(),
          })
          .commit(),
      ),
      ...[taskCounterWrite(uE, def.createdBy, delta, owner)].filter((w) => w !== null),
    ]);
    return true;
  } catch (e) {
    // Already created today, by an earlier or a concurrent run; or the owner's limit is reached.
    if (e instanceof TransactionCanceledError) {
      if (e.failedAt(1 + people.length))
        logger.info('routine instance not made: limit reached', {
          userId: def.createdBy,
          routine: def.taskId,
        });
      return false;
    }
    throw e;
  }
}

/** The morning reminder: tasks due (or scheduled) today and not done; once per person per day. */
async function remind(user: UserRecord, zone: string, day: string, placements: PlacementRecord[], now: Date) {
  if (!user.email) return false;
  const open = placements.filter((p) => !p.dismissed && p.status !== TASK_STATUS.done && p.mode === 'active');
  const tasks = open.length
    ? ((await TaskEntity.get(open.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 }))
        .data as TaskRecord[])
    : [];
  const today = DateTime.fromJSDate(now, { zone });
  const due = tasks.filter((t) => {
    const at = t.dueAt ?? (t.schedule && !t.schedule.recurRule ? t.schedule.startDate : undefined);
    return at !== undefined && DateTime.fromISO(at, { setZone: true }).setZone(zone).hasSame(today, 'day');
  });
  if (due.length === 0) return false;
  try {
    // Only the run that moves remindedOn to today sends the mail.
    await DayStateEntity.upsert({
      userId: user.userId,
      dueHour: nextDueHour(zone, now),
      timezone: zone,
      remindedOn: day,
    })
      .where((a, op) => `${op.notExists(a.remindedOn)} OR ${op.ne(a.remindedOn, day)}`)
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
  const list = due.map((t) => `- ${t.title}`).join('\n');
  await sendMail({
    to: user.email,
    subject: due.length === 1 ? 'Due today: 1 task' : `Due today: ${due.length} tasks`,
    text: `Good morning${user.firstName ? `, ${user.firstName}` : ''}.\n\nDue today:\n${list}\n\nOpen your day: ${env.appUrl}/`,
    html: `<p>Good morning${user.firstName ? `, ${user.firstName.replace(/[<>&]/g, '')}` : ''}.</p><p>Due today:</p><ul>${due
      .map((t) => `<li>${t.title.replace(/[<>&]/g, '')}</li>`)
      .join('')}</ul><p><a href="${env.appUrl}/">Open your day</a></p>`,
  });
  return true;
}

/**
 * The hourly job: everyone whose local 03:00 has come in the last day (the due-hour index, one Query
 * per hour bucket) is normalised; each run moves the person's due hour to their next morning.
 */
export async function normalizeDueUsers(now = new Date()): Promise<{ users: number }> {
  let users = 0;
  for (let back = 24; back >= 0; back--) {
    const dueHour = DateTime.fromJSDate(now, { zone: 'UTC' })
      .minus({ hours: back })
      .toFormat("yyyy-MM-dd'T'HH");
    const due = (await DayStateEntity.query.byDueHour({ dueHour }).go({ pages: 'all' })).data;
    for (const d of due) {
      try {
        await normalizeUser(d.userId, d.timezone, now);
        users++;
      } catch (e) {
        logger.error('normalisation failed', { userId: d.userId, error: String(e) });
      }
    }
  }
  return { users };
}
