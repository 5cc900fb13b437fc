/** Occurrences as react-big-calendar events, and the optimistic move of one of them. */
import type { OccurrenceView } from '@tandem/shared/time/views';
import { DateTime } from '../../../lib/time/luxon.ts';

export interface CalendarEvent {
  /** Task id and original start: one occurrence of one task. */
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  occurrence: OccurrenceView;
}

export const occurrenceId = (o: Pick<OccurrenceView, 'taskId' | 'originalStart'>) =>
  `${o.taskId}@${o.originalStart}`;

export function toEvent(o: OccurrenceView): CalendarEvent {
  const base = { id: occurrenceId(o), title: o.title, allDay: o.allDay, occurrence: o };
  if (!o.allDay) return { ...base, start: new Date(o.start), end: new Date(o.end) };
  return { ...base, ...allDayDates(o.start, o.end, o.timezone) };
}

/**
 * An all-day occurrence is a day, not an instant: the day it starts on in the schedule's own zone,
 * drawn as that day here (midnight to midnight), for as many whole days as it lasts (at least one).
 */
export function allDayDates(start: string, end: string, zone: string): { start: Date; end: Date } {
  const s = DateTime.fromISO(start, { zone: zone || 'UTC' });
  const from = s.isValid ? s : DateTime.fromISO(start);
  const hours = DateTime.fromISO(end).diff(DateTime.fromISO(start), 'hours').hours;
  const days = Math.max(1, Math.round((Number.isFinite(hours) ? hours : 24) / 24));
  const local = DateTime.local(from.year, from.month, from.day);
  return { start: local.toJSDate(), end: local.plus({ days }).toJSDate() };
}

/** The list as it will be once the move is saved (drawn at once; put back when refused). */
export function withMoved<T extends { results: OccurrenceView[] }>(
  list: T | undefined,
  id: string,
  start: Date,
  end: Date,
): T | undefined {
  if (!list) return list;
  return {
    ...list,
    results: list.results.map((o) =>
      occurrenceId(o) === id ? { ...o, start: start.toISOString(), end: end.toISOString() } : o,
    ),
  };
}

export const minutesBetween = (start: Date, end: Date) =>
  Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
