/**
 * A task's schedule (spec 000 §7 /task/schedule/{id}) and the attendee invitation answered from the
 * mailed link (spec 002 §2 /accept-attendee-invite). A task has at most one schedule: 404 means none.
 * After a change every calendar window ('schedule' keys) and the task lists are read again (the
 * schedule may move the task to another priority group).
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { ScheduledTaskView } from '@tandem/shared/time/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';
import type { ScheduleBody } from '../utils/schedule-form.ts';

export const taskScheduleKey = (taskId: string) => ['task-schedule', taskId] as const;

/** The task's schedule, or null when it has none. */
export async function getTaskSchedule(taskId: string): Promise<ScheduledTaskView | null> {
  try {
    return await api<ScheduledTaskView>(routes.getSchedule, { params: { id: taskId } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The task's schedule, asked for only when the task says it has one (its `scheduledTask`): a task
 * without one answers null with no request, rather than a 404 each time it is opened.
 */
export const useTaskSchedule = (taskId: string | null, scheduled: boolean) =>
  useSWR(taskId ? taskScheduleKey(taskId) : null, () => (scheduled ? getTaskSchedule(taskId!) : null));

async function afterChange(taskId: string, view: ScheduledTaskView | null) {
  await mutate(taskScheduleKey(taskId), view, { revalidate: false });
  await revalidateAfter('schedule');
}

export async function saveTaskSchedule(taskId: string, body: ScheduleBody, { revalidate = true } = {}) {
  const view = await api<ScheduledTaskView>(routes.setSchedule, { params: { id: taskId }, body });
  if (revalidate) await afterChange(taskId, view);
  else await mutate(taskScheduleKey(taskId), view, { revalidate: false });
  return view;
}

export async function removeTaskSchedule(taskId: string) {
  await api<unknown>(routes.deleteSchedule, { params: { id: taskId } });
  await afterChange(taskId, null);
}

export interface AttendeeInvitation {
  email: string;
  status: string;
  expiresAt: string | null;
  task: { id: string; title: string; description: string };
  schedule: {
    startDate: string;
    duration: number;
    timezone: string;
    recurRule: string | null;
    allDay: boolean;
  };
  inviter: { name: string; email: string };
}

export interface AttendeeAnswer {
  status: string;
  email: string;
  task: { id: string; title: string };
}

export const getAttendeeInvitation = (key: string, signal?: AbortSignal) =>
  api<AttendeeInvitation>(routes.getAttendeeInvitation, { query: { key }, ...(signal ? { signal } : {}) });

export const answerAttendeeInvitation = (key: string, accept: boolean) =>
  api<AttendeeAnswer>(routes.answerAttendeeInvitation, { body: { key, action: accept ? 1 : 0 } });
