/**
 * Schedules on tasks (spec 000 §3 ScheduledTask, §4, §5; issue 5): read, set, clear, move one
 * occurrence, and the occurrences of the caller's scheduled tasks in a window — expanded in each
 * schedule's own zone (shared/src/time/recurrence.ts). Setting a schedule moves the task's priority
 * group by the rules of priorityGroupForSchedule, on every list it is on.
 */
import {
  camelToSnakeKey,
  can,
  effectiveInvitationStatus,
  invitationExpiresAt,
  mergePatch,
  type OccurrenceView,
  type RoleId,
} from '@tandem/shared';
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import {
  CALENDAR_ERRORS,
  priorityGroupForSchedule,
  SCHEDULE_MESSAGES,
  type ScheduleInput,
  type SchedulePatchInput,
  sameDay,
  scheduleInput,
  startTooEarly,
} from '@tandem/shared/time/schedule';
import { dateTimeInWords, dayOfInstant } from '@tandem/shared/time/zone-times';
// A named import: `z.core.…` as a value would put all of zod's core in the bundle (D42).
import { $ZodError } from 'zod/v4/core';
import { GroupEntity } from '../../db/entities/group.ts';
import { InvitationEntity } from '../../db/entities/invitation.ts';
import { dayWatchKeys, PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeFailure } from '../../lib/conditions.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { GroupRecord } from '../access/roster.ts';
import { displayName } from '../access/roster.ts';
import {
  peopleOf,
  requireTaskPermission,
  roleOn,
  type StoredSchedule,
  scheduleView,
  type TaskRecord,
  taskFor,
} from '../access/task-access.ts';
import {
  hashKey,
  INVITATION_UNKNOWN,
  INVITATION_USED,
  type InvitationRecord,
  invitationExpired,
  newInvitationKey,
  transactAnswer,
} from '../groups/invitations.ts';
import { queueTelling } from '../notifications/outbox.ts';
import { getUser, type UserRecord } from '../user/user.ts';

const NO_SCHEDULE = 'This task has no schedule.';
const MAX_WINDOW_DAYS = 93;
const stale = () => new ConflictError('The task was changed by someone else. Reload and try again.');

/** When the meeting starts, as the e-mails say it: in the schedule's zone. */
const meetingWhen = (s: StoredSchedule) => dateTimeInWords(s.startDate, s.timezone);

/** The invitation item (kind 'attendee') and its telling, queued: the e-mail with the link to /accept-attendee-invite. */
async function inviteAttendee(
  task: TaskRecord,
  inviter: UserRecord,
  email: string,
  key: string,
  s: StoredSchedule,
  now: Date,
) {
  const expiresAt = invitationExpiresAt(now).toISOString();
  await InvitationEntity.create({
    keyHash: hashKey(key),
    kind: 'attendee',
    taskId: task.taskId,
    groupId: task.groupId,
    memberId: task.taskId,
    email,
    role: 4,
    invitedBy: inviter.userId,
    inviterName: displayName(inviter),
    inviterEmail: inviter.email ?? '',
    status: 'pending',
    expiresAt,
    ttl: Math.floor(Date.parse(expiresAt) / 1000) + 30 * 86_400,
  }).go({ response: 'none' });
  const when = meetingWhen(s);
  // Told from the stream (template calendar, D46): tell() does not fit update-task's bundle.
  await queueTelling(
    hashKey(key),
    {
      template: 'calendar',
      email,
      taskId: task.taskId,
      taskTitle: task.title,
      byName: displayName(inviter),
      when,
      answerPath: `/accept-attendee-invite?key=${key}`,
    },
    now,
  );
}

async function attendeeInvitation(key: string, now: Date) {
  const inv = (await InvitationEntity.get({ keyHash: hashKey(key) }).go()).data as
    | (InvitationRecord & { kind: string; taskId: string })
    | null;
  if (inv?.kind !== 'attendee') throw new NotFoundError(INVITATION_UNKNOWN);
  if (inv.status !== 'pending') throw new HttpError(409, 'invitation.used', INVITATION_USED);
  if (effectiveInvitationStatus(inv.status, inv.expiresAt, now) === 'expired') {
    throw new HttpError(410, 'invitation.expired', invitationExpired(inv.inviterName));
  }
  const task: TaskRecord | null = (await TaskEntity.get({ taskId: inv.taskId }).go()).data;
  const entry = task?.schedule?.pendingAttendees?.find((a) => a.keyHash === inv.keyHash);
  if (!task?.schedule || !entry) throw new NotFoundError(INVITATION_UNKNOWN);
  return { inv, task, schedule: task.schedule };
}

/** Public: what the attendee is invited to. */
export async function getAttendeeInvitation(key: string, now = new Date()) {
  const { inv, task, schedule } = await attendeeInvitation(key, now);
  return {
    email: inv.email,
    status: 'pending',
    expiresAt: inv.expiresAt,
    task: { id: task.taskId, title: task.title, description: task.description },
    schedule: {
      startDate: schedule.startDate,
      duration: schedule.duration,
      timezone: schedule.timezone,
      recurRule: schedule.recurRule,
      allDay: schedule.allDay,
    },
    inviter: { name: inv.inviterName, email: inv.inviterEmail },
  };
}

/** Public: accept (1) or decline (0); the answer shows on the schedule's attendee list. */
export async function answerAttendeeInvitation(key: string, accept: boolean, now = new Date()) {
  const { inv, task, schedule } = await attendeeInvitation(key, now);
  const status = accept ? ('accepted' as const) : ('refused' as const);
  const next: StoredSchedule = {
    ...schedule,
    pendingAttendees: (schedule.pendingAttendees ?? []).map((a) =>
      a.keyHash === inv.keyHash ? { ...a, status } : a,
    ),
  };
  await transactAnswer(
    ({ invitation, task: tE }) => [
      invitation
        .patch({ keyHash: inv.keyHash })
        .set({ status, answeredAt: now.toISOString() })
        .where(({ status: s }, { eq }) => eq(s, 'pending'))
        .commit(),
      tE
        .patch({ taskId: task.taskId })
        .set({ schedule: next, version: task.version + 1 })
        .where(({ version }, { eq }) => eq(version, task.version))
        .commit(),
    ],
    stale,
  );
  return { status, email: inv.email, task: { id: task.taskId, title: task.title } };
}

export async function getSchedule(actor: Actor, taskId: string) {
  const { task } = await taskFor(actor, taskId);
  if (!task.schedule) throw new NotFoundError(NO_SCHEDULE);
  return scheduleView(taskId, task.schedule);
}

/** Writes the schedule and the priority group it implies on every list the task is on. */
async function writeSchedule(
  task: TaskRecord,
  schedule: StoredSchedule | null,
  priorityGroup: number | null,
) {
  const people = peopleOf(task);
  try {
    await transact(({ task: tE, placement }) => [
      (schedule
        ? tE.patch({ taskId: task.taskId }).set({ schedule })
        : tE.patch({ taskId: task.taskId }).remove(['schedule'])
      )
        .set({ version: task.version + 1 })
        .where(({ version }, { eq }) => eq(version, task.version))
        .commit(),
      ...people.map((userId) =>
        placement
          .patch({ userId, taskId: task.taskId })
          .set({
            scheduled: schedule !== null,
            ...dayWatchKeys(userId, task.taskId, { ...task, schedule }),
            ...(priorityGroup !== null ? { priorityGroup } : {}),
          })
          .commit(),
      ),
    ]);
  } catch (e) {
    // Cancelled for a failed condition or a concurrent transaction: either way the task moved on.
    if (writeFailure(e)) throw stale();
    throw e;
  }
}

/** A schedule worked out from a PATCH, not yet written: what the task, its lists and the mail get. */
export interface SchedulePlan {
  schedule: StoredSchedule;
  /** The priority group the schedule puts the task in on every list, or null to keep it. */
  priorityGroup: number | null;
  /** New attendees and the keys of their invitations, mailed once the schedule is saved. */
  invitations: Map<string, string>;
}

/** A stored schedule in the shape it is sent in, so a PATCH can be merged onto it and compared with it. */
export const scheduleAsSent = (s: StoredSchedule | undefined): Partial<ScheduleInput> | null => {
  if (!s) return null;
  const { pendingAttendees: _answers, ...fields } = s;
  return { ...fields, meetingTemplate: null };
};

/**
 * The one path every schedule write takes (PATCH /task/schedule/{id}, and scheduled_task on POST
 * /task and PATCH /task/{id}): the PATCH merged onto the task's schedule (absent fields unchanged),
 * the whole checked by the schedule rules — a start not before the end of yesterday in the person's
 * zone, a readable repeat rule (expanded in the schedule's own zone, DST-correct), exdates and rdates
 * as given — and the priority group it implies. `at` names where the schedule sits in the body, so
 * errors point at its fields (`scheduled_task.start_date`).
 */
export function planSchedule(
  current: StoredSchedule | undefined,
  patch: SchedulePatchInput,
  userZone: string,
  now: Date,
  at: string[] = [],
): SchedulePlan {
  const parsed = scheduleInput.safeParse(mergePatch(scheduleAsSent(current) ?? {}, patch));
  if (!parsed.success) {
    throw new $ZodError(parsed.error.issues.map((i) => ({ ...i, path: [...at, ...i.path] })));
  }
  const input = parsed.data;
  const field = (name: string) => [...at.map(camelToSnakeKey), name].join('.');
  if (
    (!current || Date.parse(current.startDate) !== Date.parse(input.startDate)) &&
    startTooEarly(input.startDate, userZone, now)
  ) {
    throw new ValidationError({ [field('start_date')]: SCHEDULE_MESSAGES.startInPast });
  }
  if (input.recurRule) {
    try {
      expandOccurrences({ ...input, recurRule: input.recurRule }, input.startDate, input.startDate);
    } catch {
      throw new ValidationError({ [field('recur_rule')]: 'This repeat rule cannot be read.' });
    }
  }
  const { meetingTemplate: _template, ...fields } = input;
  // Attendees keep their answers; new ones are invited by e-mail once the schedule is saved.
  const known = new Map((current?.pendingAttendees ?? []).map((a) => [a.email, a]));
  const emails = [...new Set(fields.scheduledAttendees.map((a) => a.email.toLowerCase()))];
  const invitations = new Map(emails.filter((e) => !known.has(e)).map((e) => [e, newInvitationKey()]));
  const schedule: StoredSchedule = {
    ...fields,
    scheduledAttendees: emails.map((email) => ({ email })),
    pendingAttendees: emails.map(
      (email) => known.get(email) ?? { email, status: 'pending', keyHash: hashKey(invitations.get(email)!) },
    ),
  };
  return { schedule, priorityGroup: priorityGroupForSchedule(schedule, userZone, now), invitations };
}

/** After the schedule is saved: the new attendees' invitations and e-mails. */
export async function inviteAttendees(task: TaskRecord, inviter: UserRecord, plan: SchedulePlan, now: Date) {
  for (const [email, key] of plan.invitations) {
    await inviteAttendee(task, inviter, email, key, plan.schedule, now);
  }
}

/** Whether the meeting's time changed: when it starts, how long it lasts, how and when it repeats. */
export const meetingTimeChanged = (before: StoredSchedule | undefined, after: StoredSchedule): boolean =>
  !!before &&
  (before.startDate !== after.startDate ||
    before.duration !== after.duration ||
    before.allDay !== after.allDay ||
    before.timezone !== after.timezone ||
    (before.recurRule ?? null) !== (after.recurRule ?? null) ||
    before.exDate.join() !== after.exDate.join() ||
    before.rDate.join() !== after.rDate.join());

/**
 * The attendees already invited (not those who declined, nor those invited by this very change) are
 * told when the meeting's time changes: the new time, from the stream (template `calendar`).
 */
async function tellAttendeesOfChange(
  task: TaskRecord,
  by: UserRecord,
  before: StoredSchedule | undefined,
  after: StoredSchedule,
  invitedNow: ReadonlyMap<string, string>,
  now: Date,
) {
  if (!meetingTimeChanged(before, after)) return;
  const when = meetingWhen(after);
  for (const a of after.pendingAttendees ?? []) {
    if (a.status === 'refused' || invitedNow.has(a.email)) continue;
    await queueTelling(
      `${a.keyHash}:${now.getTime()}`,
      {
        template: 'calendar',
        change: 'moved',
        email: a.email,
        taskId: task.taskId,
        taskTitle: task.title,
        byName: displayName(by),
        when,
        answerPath: '',
      },
      now,
    );
  }
}

export async function setSchedule(actor: Actor, taskId: string, input: SchedulePatchInput, now = new Date()) {
  const { task, role } = await taskFor(actor, taskId);
  requireTaskPermission(role, 'task.scheduledTask', 'scheduled_task');
  const user = await getUser(actor);
  const plan = planSchedule(task.schedule, input, user.config.timezone, now);
  await writeSchedule(task, plan.schedule, plan.priorityGroup);
  await inviteAttendees(task, user, plan, now);
  await tellAttendeesOfChange(task, user, task.schedule, plan.schedule, plan.invitations, now);
  return scheduleView(taskId, plan.schedule);
}

/** Moving one occurrence: the whole schedule when it is a one-off, else this occurrence only. */
export async function moveOccurrence(
  actor: Actor,
  taskId: string,
  move: { from: string; to: string; duration?: number },
  now = new Date(),
) {
  const { task, role } = await taskFor(actor, taskId);
  requireTaskPermission(role, 'task.scheduledTask', 'scheduled_task');
  const s = task.schedule;
  if (!s) throw new NotFoundError(NO_SCHEDULE);
  if (Date.parse(move.to) < now.getTime()) {
    throw new HttpError(400, CALENDAR_ERRORS.cannotReschedule, 'A task cannot be moved into the past.');
  }
  const routine = Boolean(s.recurRule && !s.initialDate);
  if (routine && !sameDay(move.from, move.to, s.timezone)) {
    throw new HttpError(
      400,
      CALENDAR_ERRORS.changeDateInstance,
      'A routine’s occurrence stays on its day; change the routine to move it.',
    );
  }
  const next: StoredSchedule = s.recurRule
    ? { ...s, exDate: [...s.exDate, move.from], rDate: [...s.rDate.filter((r) => r !== move.from), move.to] }
    : { ...s, startDate: move.to, ...(move.duration ? { duration: move.duration } : {}) };
  const user = await getUser(actor);
  await writeSchedule(
    task,
    next,
    s.recurRule ? null : priorityGroupForSchedule(next, user.config.timezone, now),
  );
  await tellAttendeesOfChange(task, user, s, next, new Map(), now);
  return scheduleView(taskId, next);
}

/** Clearing the schedule puts the task back in Now unless a group is given. */
export async function deleteSchedule(actor: Actor, taskId: string, priorityGroup?: number) {
  const { task, role } = await taskFor(actor, taskId);
  requireTaskPermission(role, 'task.scheduledTask', 'scheduled_task');
  if (!task.schedule) throw new NotFoundError(NO_SCHEDULE);
  await writeSchedule(task, null, priorityGroup ?? 0);
}

/**
 * The caller's scheduled tasks they may see, with their groups and roles: one Query of the caller's
 * placements (bounded by what they have), BatchGetItem for the scheduled tasks and their groups.
 */
export async function scheduledTasksFor(
  actor: Actor,
  q: { group?: string; type?: 'delegated_to_me' } = {},
): Promise<
  Array<{ task: TaskRecord & { schedule: StoredSchedule }; group: GroupRecord | null; role: RoleId }>
> {
  const placements = (
    await PlacementEntity.query
      .byUser({ userId: actor.userId })
      .where((a, op) => op.eq(a.scheduled, true))
      .go({ pages: 'all' })
  ).data.filter(
    (p) =>
      !p.dismissed &&
      (!q.group || p.groupId === q.group) &&
      (q.type !== 'delegated_to_me' || p.delegatedToMe),
  );
  if (placements.length === 0) return [];
  const tasks: TaskRecord[] = (
    await TaskEntity.get(placements.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 })
  ).data;
  const groupIds = [...new Set(tasks.map((t) => t.groupId))];
  const groups = new Map(
    (await GroupEntity.get(groupIds.map((groupId) => ({ groupId }))).go()).data.map((g) => [g.groupId, g]),
  );
  const out = [];
  for (const t of tasks) {
    if (!t.schedule) continue;
    const group = groups.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    if (role === null) continue;
    out.push({ task: t as TaskRecord & { schedule: StoredSchedule }, group, role });
  }
  return out;
}

/** The occurrences of the caller's scheduled tasks in [startDate, endDate). */
export async function listOccurrences(
  actor: Actor,
  q: { startDate: string; endDate: string; group?: string; type?: 'delegated_to_me'; routinesOnly?: boolean },
): Promise<{ count: number; results: OccurrenceView[] }> {
  const span = (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000;
  if (!(span > 0) || span > MAX_WINDOW_DAYS) {
    throw new ValidationError({
      end_date: `Ask for a window of at most ${MAX_WINDOW_DAYS} days, ending after it starts.`,
    });
  }
  const results: OccurrenceView[] = [];
  const scheduled = await scheduledTasksFor(actor, q);
  // A routine's day that has its instance (made by the normalisation) is shown by the instance alone.
  const instanceDays = new Set(
    scheduled.flatMap(({ task }) =>
      task.routineTaskId && task.routineDay ? [`${task.routineTaskId}~${task.routineDay}`] : [],
    ),
  );
  for (const { task: t, group, role } of scheduled) {
    const s = t.schedule;
    if (q.routinesOnly && !s.recurRule) continue;
    const editable = can(role, 'task.scheduledTask');
    for (const o of expandOccurrences(s, q.startDate, q.endDate)) {
      const day = s.recurRule ? dayOfInstant(o.start, s.timezone || 'UTC') : null;
      if (day && instanceDays.has(`${t.taskId}~${day}`)) continue;
      results.push({
        taskId: t.taskId,
        title: t.title,
        description: t.description,
        status: t.status,
        group: { id: t.groupId, title: group?.title ?? '', color: group?.metadata.color ?? '#7EC242' },
        level: t.level,
        start: o.start,
        end: o.end,
        allDay: s.allDay,
        recurring: Boolean(s.recurRule),
        originalStart: o.start,
        recurRule: s.recurRule,
        timezone: s.timezone,
        routine: Boolean(s.recurRule && !s.initialDate),
        editable,
      });
    }
  }
  results.sort((a, b) => a.start.localeCompare(b.start));
  return { count: results.length, results };
}
