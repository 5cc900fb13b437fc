/**
 * The schedule calls the calendar makes (shared/src/time/views.ts): occurrences in a window,
 * moving one occurrence (drag, resize), and setting a new task's schedule from a slot. SWR keys
 * start with 'schedule' so any change re-reads every loaded window.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { OccurrenceView } from '@tandem/shared/time/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';
import type { DateRange } from '../utils/range.ts';

export interface OccurrenceList {
  count: number;
  results: OccurrenceView[];
}

export const scheduleKey = (range: DateRange) =>
  ['schedule', range.start.toISOString(), range.end.toISOString()] as const;

export const listOccurrences = (range: DateRange) =>
  api<OccurrenceList>(routes.listOccurrences, {
    query: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
  });

export const useOccurrences = (range: DateRange | null) =>
  useSWR(range ? scheduleKey(range) : null, () => listOccurrences(range!), { keepPreviousData: true });

export const isScheduleKey = (key: unknown) => Array.isArray(key) && key[0] === 'schedule';
/** A calendar change (a moved or resized occurrence, a slot's schedule): the task lists follow it. */
export const revalidateSchedule = () => revalidateAfter('schedule');

export interface MoveOccurrence {
  /** The occurrence's original start (OccurrenceView.originalStart). */
  from: string;
  to: string;
  /** Minutes, when resized. */
  duration?: number;
}

export const moveOccurrence = (taskId: string, move: MoveOccurrence) =>
  api<unknown>(routes.setSchedule, { params: { id: taskId }, body: { moveOccurrence: move } });

export interface SlotSchedule {
  startDate: string;
  duration: number;
  allDay: boolean;
  timezone: string;
}

export const setScheduleFromSlot = (taskId: string, schedule: SlotSchedule) =>
  api<unknown>(routes.setSchedule, { params: { id: taskId }, body: schedule });
