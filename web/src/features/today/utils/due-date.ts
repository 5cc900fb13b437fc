/**
 * "Due today" on Today's header: the due day is today's calendar day in the user's own zone, the
 * same day the server uses to pin a task to today. Intl does the zone maths to keep a date library
 * off the Today route.
 */
import { dayNumber } from '../../../lib/time/zone.ts';

/** Calendar days from today to the due day in `zone`: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(dueAt: string, zone: string, now: Date): number | null {
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return null;
  return dayNumber(due, zone) - dayNumber(now, zone);
}

export const isDueTodayIn = (dueAt: string | null, zone: string, now: Date): boolean =>
  !!dueAt && daysUntil(dueAt, zone, now) === 0;
