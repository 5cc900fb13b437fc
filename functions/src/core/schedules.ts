/**
 * Schedules on tasks (spec 000 §3 ScheduledTask, §4, §5; issue 5): read, set, clear, move one
 * occurrence, and the occurrences of the caller's scheduled tasks in a window — expanded in each
 * schedule's own zone (shared/src/time/recurrence.ts). Setting a schedule moves the task's priority
 * group by the rules of priorityGroupForSchedule, on every list it is on.
 */
import { can, type OccurrenceView, type ScheduledTaskView } from '@tandem/shared';
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import {
  CALENDAR_ERRORS,
  priorityGroupForSchedule,
  SCHEDULE_MESSAGES,
  type ScheduleInput,
  sameDay,
  startTooEarly,
} from '@tandem/shared/time/schedule';
import { GroupEntity } from '../db/entities/group.ts';
import { PlacementEntity } from '../db/entities/placement.ts';
import { TaskEntity } from '../db/entities/task.ts';
import { transact } from '../db/transact.ts';
import type { Actor } from '../lib/actor.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { GroupRecord } from './roster.ts';
import {
  type PlacementRecord,
  requireTaskPermission,
  roleOn,
  type StoredSchedule,
  type TaskRecord,
  taskFor,
} from './task-access.ts';
import { peopleOf } from './tasks.ts';
import { getUser } from './user.ts';

const NO_SCHEDULE = 'This task has no schedule.';
const MAX_WINDOW_DAYS = 93;
const stale = () => new ConflictError('The task was changed by someone else. Reload and try again.');

export const scheduleView = (taskId: string, s: StoredSchedule): ScheduledTaskView => ({ id: taskId, ...s });

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
          .set({ scheduled: schedule !== null, ...(priorityGroup !== null ? { priorityGroup } : {}) })
          .commit(),
      ),
    ]);
  } catch (e) {
    if (e instanceof Error && /canceled|conditional/i.test(e.message)) throw stale();
    throw e;
  }
}

export async function setSchedule(actor: Actor, taskId: string, input: ScheduleInput, now = new Date()) {
  const { task, role } = await taskFor(actor, taskId);
  requireTaskPermission(role, 'task.scheduledTask', 'scheduled_task');
  const user = await getUser(actor);
  if (
    (!task.schedule || task.schedule.startDate !== input.startDate) &&
    startTooEarly(input.startDate, user.config.timezone, now)
  ) {
    throw new ValidationError({ start_date: SCHEDULE_MESSAGES.startInPast });
  }
  if (input.recurRule) {
    try {
      expandOccurrences({ ...input, recurRule: input.recurRule }, input.startDate, input.startDate);
    } catch {
      throw new ValidationError({ recur_rule: 'This repeat rule cannot be read.' });
    }
  }
  const { meetingTemplate: _template, ...schedule } = input;
  await writeSchedule(task, schedule, priorityGroupForSchedule(schedule, user.config.timezone, now));
  return scheduleView(taskId, schedule);
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
 * The occurrences of the caller's scheduled tasks in [startDate, endDate): one Query of the caller's
 * placements (bounded by what they have), BatchGetItem for the scheduled tasks and their groups.
 */
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
  const placements = (
    (
      await PlacementEntity.query
        .byUser({ userId: actor.userId })
        .where((a, op) => op.eq(a.scheduled, true))
        .go({ pages: 'all' })
    ).data as PlacementRecord[]
  ).filter(
    (p) =>
      !p.dismissed &&
      (!q.group || p.groupId === q.group) &&
      (q.type !== 'delegated_to_me' || p.delegatedToMe),
  );
  if (placements.length === 0) return { count: 0, results: [] };
  const tasks = (await TaskEntity.get(placements.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 }))
    .data as TaskRecord[];
  const groupIds = [...new Set(tasks.map((t) => t.groupId))];
  const groups = new Map(
    ((await GroupEntity.get(groupIds.map((groupId) => ({ groupId }))).go()).data as GroupRecord[]).map(
      (g) => [g.groupId, g],
    ),
  );
  const results: OccurrenceView[] = [];
  for (const t of tasks) {
    const s = t.schedule;
    if (!s || (q.routinesOnly && !s.recurRule)) continue;
    const group = groups.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    if (role === null) continue;
    const editable = can(role, 'task.scheduledTask');
    for (const o of expandOccurrences(s, q.startDate, q.endDate)) {
      results.push({
        taskId: t.taskId,
        title: t.title,
        description: t.description,
        status: t.status,
        group: { id: t.groupId, title: group?.title ?? '', color: group?.metadata.color ?? '#7EC242' },
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
