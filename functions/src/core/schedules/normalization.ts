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

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  endSortCode,
  PRIORITY_GROUP,
  TASK_FLAG,
  TASK_STATUS,
  taskCountDelta,
  todayPlacement,
} from '@tandem/shared';
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import { NON_SCHEDULED_ROUTINE_MINUTES } from '@tandem/shared/time/schedule';
import type { NormalizationView } from '@tandem/shared/time/views';
import { dayOfInstant, floatingMs, instantOfWall } from '@tandem/shared/time/zone-times';
import { documentClient } from '../../db/client.ts';
import { DayStateEntity } from '../../db/entities/day-state.ts';
import {
  dayWatchKeys,
  dayWatchPartition,
  dayWatchRemoved,
  PlacementEntity,
} from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { chunks, MAX_TRANSACTION_ITEMS, TransactionCanceledError, transact } from '../../db/transact.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { taskCounterWrite } from '../access/limits.ts';
import type { PlacementRecord, TaskRecord } from '../access/task-access.ts';
import { tell } from '../notifications/tell.ts';
import { peopleOf } from '../tasks/tasks.ts';
import type { UserRecord } from '../user/user.ts';

export { NORMALIZE_AT_LOCAL_HOUR, nextDueHour } from './day-hours.ts';
export { type DueCursor, type DuePerson, duePeoplePage } from './normalization-due.ts';

import { isConditionFailed } from '../../lib/conditions.ts';
import { nextDueHour } from './day-hours.ts';
import { type DueCursor, type DuePerson, duePeoplePage } from './normalization-due.ts';

export type NormalizationResult = NormalizationView;

/** An instant as schedules store it: UTC, no milliseconds when there are none. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

/** The calendar day before `day` (YYYY-MM-DD). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * `hour:minute` on `day` in `zone` as an instant, resolved from the offset at `near` as Luxon's
 * DateTime.set / plus did (the zone maths is Intl's, wall-clock.ts; docs/decisions.md D61).
 */
function atWall(day: string, hour: number, minute: number, zone: string, near: number): number {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return instantOfWall(floatingMs({ year, month, day: d, hour, minute }), zone, near);
}

/** Spec 001 §9: a normalisation stuck for 30 s is reset. */
export const NORMALIZATION_STUCK_MS = 30_000;
const LEASE_POLL_MS = 250;

type DayState = { normalizedOn?: string; remindedOn?: string; timezone?: string };

/**
 * Takes the person's normalisation lease, waiting while another run holds a live one; a lease older
 * than NORMALIZATION_STUCK_MS is taken over. Leases use the real clock, not the run's `now`. The
 * same request answers the day state (what was reminded), so the run need not read it.
 */
async function takeLease(userId: string): Promise<{ since: string; state: DayState }> {
  for (;;) {
    const at = new Date();
    const since = at.toISOString();
    const stuckBefore = new Date(at.getTime() - NORMALIZATION_STUCK_MS).toISOString();
    try {
      const r = await DayStateEntity.update({ userId })
        .set({ runningSince: since })
        .where(
          ({ runningSince }, { notExists, lt }) =>
            `${notExists(runningSince)} OR ${lt(runningSince, stuckBefore)}`,
        )
        .go({ response: 'all_new' });
      return { since, state: (r.data ?? {}) as DayState };
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

/** Records the day normalised and the next due hour, and ends the lease: one request. */
async function finish(userId: string, since: string, zone: string, day: string, now: Date) {
  const state = { dueHour: nextDueHour(zone, now), normalizedOn: day, timezone: zone };
  try {
    await DayStateEntity.patch({ userId })
      .set(state)
      .remove(['runningSince'])
      .where(({ runningSince }, { eq }) => eq(runningSince, since))
      .go({ response: 'none' });
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    // A later run took the lease over (this one passed 30 s): record the day, leave its lease alone.
    await DayStateEntity.upsert({ userId, ...state }).go({ response: 'none' });
  }
}

export async function normalizeUser(
  userId: string,
  zoneGiven?: string,
  now = new Date(),
): Promise<NormalizationResult> {
  const { since, state } = await takeLease(userId);
  let finished = false;
  try {
    const { result, zone } = await normalizeUnderLease(userId, zoneGiven, state, now);
    await finish(userId, since, zone, result.day, now);
    finished = true;
    return result;
  } finally {
    if (!finished) await releaseLease(userId, since);
  }
}

/**
 * A person's placements on the day watch (gsi4, sparse): only tasks with a schedule, a due date or
 * the urgent flag are there, so a person with nothing dated reads one empty page.
 */
async function watchedPlacements(userId: string): Promise<PlacementRecord[]> {
  const out: PlacementRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient.send(
      new QueryCommand({
        TableName: env.tableName,
        IndexName: 'gsi4',
        KeyConditionExpression: 'gsi4pk = :pk',
        ExpressionAttributeValues: { ':pk': dayWatchPartition(userId) },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(PlacementEntity.parse({ Items: r.Items ?? [] }) as { data: PlacementRecord[] }).data);
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

const isOpen = (x: { mode: string; status: number }) => x.mode === 'active' && x.status !== TASK_STATUS.done;
const isDefinition = (t: TaskRecord) => Boolean(t.schedule?.recurRule && !t.schedule.initialDate);

/**
 * Whether the normalisation may still act on the task for this person from `day` on: a routine
 * definition every day; an open task while it is urgent or one of its dates (due, one-off start) is
 * not yet past. A task that cannot leaves the watch; a save that dates it again puts it back.
 */
function staysWatched(t: TaskRecord | undefined, p: PlacementRecord, zone: string, day: string) {
  if (p.dismissed) return true;
  if (!t) return false;
  if (isDefinition(t)) return true;
  if (!isOpen(t)) return false;
  if (t.flag === TASK_FLAG.urgent) return true;
  const yesterday = dayBefore(day);
  const dates = [t.dueAt, t.schedule && !t.schedule.recurRule ? t.schedule.startDate : undefined];
  return dates.some((d) => d && (dayOfInstant(d, zone) ?? '') >= yesterday);
}

/** One placement write of the run: a move, the watch's keys removed, or both. */
interface PlacementWrite {
  taskId: string;
  set?: { priorityGroup: number; sortCode?: string; taskPosition?: 'top' };
  unwatch?: boolean;
}

/**
 * The run's placement writes, up to 100 in one transaction. A transaction cancelled by a concurrent
 * save (or a placement deleted meanwhile) is written again one by one, skipping what is gone.
 */
async function writePlacements(userId: string, writes: PlacementWrite[]) {
  for (const chunk of chunks(writes, MAX_TRANSACTION_ITEMS)) {
    try {
      await transact(({ placement }) =>
        chunk.map((w) => {
          const p = placement.patch({ userId, taskId: w.taskId });
          if (w.set && w.unwatch)
            return p
              .set(w.set)
              .remove([...dayWatchRemoved])
              .commit();
          if (w.set) return p.set(w.set).commit();
          return p.remove([...dayWatchRemoved]).commit();
        }),
      );
    } catch (e) {
      if (!(e instanceof TransactionCanceledError)) throw e;
      for (const w of chunk) {
        const p = PlacementEntity.patch({ userId, taskId: w.taskId });
        try {
          if (w.set && w.unwatch)
            await p
              .set(w.set)
              .remove([...dayWatchRemoved])
              .go({ response: 'none' });
          else if (w.set) await p.set(w.set).go({ response: 'none' });
          else await p.remove([...dayWatchRemoved]).go({ response: 'none' });
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      }
    }
  }
}

async function normalizeUnderLease(
  userId: string,
  zoneGiven: string | undefined,
  state: DayState,
  now: Date,
): Promise<{ result: NormalizationResult; zone: string }> {
  // The person's record is read only when needed: for the zone when none is given, the routine
  // times of an instance to create, the address of a reminder to send.
  let userRead: Promise<UserRecord> | null = null;
  const getUser = () => {
    userRead ??= UserEntity.get({ userId })
      .go()
      .then(({ data }) => {
        if (!data) throw new Error(`No user ${userId}`);
        return data;
      });
    return userRead;
  };
  const zone = zoneGiven ?? (await getUser()).config.timezone ?? 'UTC';
  const day = dayOfInstant(now.toISOString(), zone);
  if (!day) throw new Error(`Unknown time zone ${zone}`);
  // As Luxon's startOf('day'): midnight, resolved from the offset now.
  const dayStart = atWall(day, 0, 0, zone, now.getTime());
  const result: NormalizationResult = {
    day,
    movedToNow: 0,
    movedToScheduled: 0,
    definitions: 0,
    instances: 0,
    reminded: false,
    changed: [],
  };
  const changed = new Set<number>();

  const watched = await watchedPlacements(userId);
  // Scheduled tasks, and open tasks that the Today rule or the reminder may concern.
  const toRead = watched.filter((p) => !p.dismissed && (p.scheduled || isOpen(p)));
  const tasks = toRead.length
    ? (await TaskEntity.get(toRead.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 })).data
    : [];
  const taskOf = new Map(tasks.map((t) => [t.taskId, t]));
  const onWatch = new Set(watched.map((p) => p.taskId));

  const writes = new Map<string, PlacementWrite>();
  const write = (taskId: string, w: Omit<PlacementWrite, 'taskId'>) =>
    writes.set(taskId, { ...writes.get(taskId), ...w, taskId });
  const move = (p: PlacementRecord, set: NonNullable<PlacementWrite['set']>) => {
    write(p.taskId, { set });
    changed.add(p.priorityGroup);
    changed.add(set.priorityGroup);
  };
  const toCreate: TaskRecord[] = [];

  for (const p of toRead) {
    const t = taskOf.get(p.taskId);
    if (!t) continue;
    const s = t.schedule;
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
      move(p, { priorityGroup: PRIORITY_GROUP.now, sortCode: endSortCode('top'), taskPosition: 'top' });
      result.movedToNow++;
      continue;
    }
    if (!s) continue;
    if (s.recurRule && !s.initialDate) {
      if (p.priorityGroup !== PRIORITY_GROUP.routineDefinition) {
        move(p, { priorityGroup: PRIORITY_GROUP.routineDefinition });
        result.definitions++;
      }
      // Today's instance exists when the person's placement of it is on the watch (it is made with
      // one for each of the routine's people).
      if (t.mode === 'active' && !onWatch.has(`${t.taskId}~${day}`)) toCreate.push(t);
      continue;
    }
    // A routine's instance stays in Routines (5); only one-off tasks move to Now or Scheduled.
    if (s.recurRule || t.routineTaskId || !isOpen(t) || !t.assignees[userId]) continue;
    // Starts after today ends: on a later calendar day in the zone (days compare as text).
    const startDay = dayOfInstant(s.startDate, zone);
    if (startDay !== null && startDay > day && p.priorityGroup !== 4 && p.priorityGroup !== 0) {
      move(p, { priorityGroup: PRIORITY_GROUP.scheduled });
      result.movedToScheduled++;
    }
  }
  // What can no longer change by the normalisation leaves the watch.
  for (const p of watched) {
    if (!staysWatched(taskOf.get(p.taskId), p, zone, day)) write(p.taskId, { unwatch: true });
  }
  await writePlacements(userId, [...writes.values()]);

  if (toCreate.length) {
    const user = await getUser();
    for (const t of toCreate) {
      if (await createInstance(t, user, zone, day, dayStart)) {
        result.instances++;
        changed.add(PRIORITY_GROUP.routine);
      }
    }
  }

  if (state.remindedOn !== day) result.reminded = await remind(getUser, zone, day, toRead, taskOf, now);
  result.changed = [...changed].sort((a, b) => a - b);
  return { result, zone };
}

/**
 * Today's instance of a routine, if the routine falls today: one task, shared by the routine's
 * people, with a deterministic id so a second run (or a concurrent one) creates nothing.
 */
async function createInstance(
  def: TaskRecord,
  user: UserRecord,
  zone: string,
  day: string,
  dayStart: number,
): Promise<boolean> {
  const s = def.schedule!;
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [occurrence] = expandOccurrences(s, iso(dayStart), iso(atWall(nextDay, 0, 0, zone, dayStart)));
  if (!occurrence) return false;
  const slot = ({ 1: 'beginning', 2: 'middle', 3: 'end' } as const)[s.flexibleTime as 1 | 2 | 3];
  const start = slot
    ? atWall(
        day,
        Number(user.config.routineTimes[slot].slice(0, 2)),
        Number(user.config.routineTimes[slot].slice(3, 5)),
        zone,
        dayStart,
      )
    : Date.parse(occurrence.start);
  const taskId = `${def.taskId}~${day}`;
  const people = peopleOf(def);
  const duration = s.flexibleTime === 4 ? s.duration : s.duration || NON_SCHEDULED_ROUTINE_MINUTES;
  // Each person's Routine group gets the instance at its end: a code from the clock, below every
  // code there (shared endSortCodes), so no list is read.
  const codes = new Map(people.map((u) => [u, endSortCode('bottom')]));
  // The routine's owner counts the instance (totalRoutineInstances); past the limit it is not made.
  const delta = taskCountDelta(null, {
    mode: 'active',
    createdBy: def.createdBy,
    assigneeIds: [],
    routineInstance: true,
  });
  const owner =
    def.createdBy === user.userId ? user : (await UserEntity.get({ userId: def.createdBy }).go()).data;
  try {
    await transact(({ task, placement, user: uE }) => [
      task
        .create({
          taskId,
          title: def.title,
          description: def.description,
          // The rich description too: an instance is the routine's day, not a plain-text copy of it.
          ...(def.descriptionDoc ? { descriptionDoc: def.descriptionDoc } : {}),
          flag: def.flag,
          status: TASK_STATUS.notStarted,
          mode: 'active',
          level: def.level,
          groupId: def.groupId,
          rootId: taskId,
          createdBy: def.createdBy,
          creatorName: def.creatorName,
          ...(def.creatorAvatarId ? { creatorAvatarId: def.creatorAvatarId } : {}),
          delegationType: def.delegationType,
          assignees: def.assignees,
          routineTaskId: def.taskId,
          routineDay: day,
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
            ...dayWatchKeys(userId, taskId, { schedule: true, flag: def.flag }),
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
async function remind(
  getUser: () => Promise<UserRecord>,
  zone: string,
  day: string,
  placements: PlacementRecord[],
  taskOf: Map<string, TaskRecord>,
  now: Date,
) {
  const due = placements.flatMap((p) => {
    const t = taskOf.get(p.taskId);
    if (!t || p.dismissed || !isOpen(p)) return [];
    const at = t.dueAt ?? (t.schedule && !t.schedule.recurRule ? t.schedule.startDate : undefined);
    return at !== undefined && dayOfInstant(at, zone) === day ? [t] : [];
  });
  if (due.length === 0) return false;
  const user = await getUser();
  if (!user.email) return false;
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
  const subject = due.length === 1 ? 'Due today: 1 task' : `Due today: ${due.length} tasks`;
  // The one path for telling people (notifications/tell.ts): in-app, e-mail and push by the
  // person's settings for due.today.
  await tell({
    template: 'due.today',
    subject: { type: 'day', id: day },
    variables: {
      day,
      count: due.length,
      taskTitle: due[0]!.title,
      ...(due.length === 1 ? { taskId: due[0]!.taskId } : {}),
    },
    to: [{ userId: user.userId, user }],
    mail: (email) => ({
      to: email,
      subject,
      text: `Good morning${user.firstName ? `, ${user.firstName}` : ''}.\n\nDue today:\n${list}\n\nOpen your day: ${env.appUrl}/`,
      html: `<p>Good morning${user.firstName ? `, ${user.firstName.replace(/[<>&]/g, '')}` : ''}.</p><p>Due today:</p><ul>${due
        .map((t) => `<li>${t.title.replace(/[<>&]/g, '')}</li>`)
        .join('')}</ul><p><a href="${env.appUrl}/">Open your day</a></p>`,
    }),
    push: { title: subject, body: due.map((t) => t.title).join(', ') },
    key: `due.today:${day}`,
    now,
  });
  return true;
}

/**
 * Normalises each person of a batch (the fan-out's unit of work), `concurrency` at a time. A
 * person whose run fails is logged and answered in `failed`, so the caller retries just them.
 */
export async function normalizePeople(
  people: readonly DuePerson[],
  now = new Date(),
  concurrency = 4,
): Promise<{ users: number; failed: string[] }> {
  let users = 0;
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const d = people[next++]!;
      try {
        await normalizeUser(d.userId, d.timezone, now);
        users++;
      } catch (e) {
        logger.error('normalisation failed', { userId: d.userId, error: String(e) });
        failed.push(d.userId);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, people.length) }, worker));
  return { users, failed };
}

/**
 * The hourly job in one process (the local stack's runner and the bench): the due people page by
 * page, each page normalised by a pool of `concurrency` runs. In AWS the same two steps are a Step
 * Functions distributed map (infra JobsStack, decisions D34).
 */
export async function normalizeDueUsers(
  now = new Date(),
  concurrency = 8,
): Promise<{ users: number; failed: string[] }> {
  let users = 0;
  const failed: string[] = [];
  let cursor: DueCursor | null = null;
  do {
    const page = await duePeoplePage(now, cursor);
    const r = await normalizePeople(page.people, now, concurrency);
    users += r.users;
    failed.push(...r.failed);
    cursor = page.next;
  } while (cursor);
  return { users, failed };
}
