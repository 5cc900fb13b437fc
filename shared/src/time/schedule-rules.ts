/**
 * The schedule rules the task and schedule routes check (spec 000 §4, §5; schedule.ts passes them on):
 * apart from the schedule calls' schemas, so that a route checking a task's schedule does not carry
 * them (docs/decisions.md D81).
 */
import { dayOfInstant } from './zone-times.ts';

/** The calendar day (YYYY-MM-DD) of an instant in `zone`; null for a bad instant or zone. */
const dayOf = (ms: number, zone: string) =>
  dayOfInstant(Number.isFinite(ms) ? new Date(ms).toISOString() : '', zone);

/** The start may not be before the end of yesterday in the user's zone (so today's earlier hours are fine). */
export function startTooEarly(start: string, zone: string, now: Date): boolean {
  // Before the end of yesterday: on an earlier calendar day in the zone (days compare as text).
  const today = dayOf(now.getTime(), zone);
  const day = dayOf(Date.parse(start), zone);
  return today !== null && day !== null && day < today;
}

/**
 * Moving one occurrence in the calendar (drag or resize): this occurrence only. A move into the past
 * is refused (calendar.cannot-reschedule); a routine's occurrence stays on its day
 * (calendar.change-date-instance).
 */
export const CALENDAR_ERRORS = {
  cannotReschedule: 'calendar.cannot-reschedule',
  changeDateInstance: 'calendar.change-date-instance',
} as const;

/**
 * The priority group a schedule puts its task in (spec 000 §4): a recurrence without an initial date
 * makes a routine definition (6); a one-off schedule is Now (0) when it starts today in the person's
 * zone, otherwise Scheduled (4). A repeating schedule with an initial date keeps the task where it is.
 */
export function priorityGroupForSchedule(
  s: { recurRule: string | null; initialDate: string | null; startDate: string },
  zone: string,
  now: Date,
): number | null {
  if (s.recurRule && !s.initialDate) return 6;
  if (s.recurRule) return null;
  const day = dayOf(Date.parse(s.startDate), zone);
  return day !== null && day === dayOf(now.getTime(), zone) ? 0 : 4;
}

/** Same calendar day in a zone: a routine's occurrence may move in time but not to another day. */
export function sameDay(a: string, b: string, zone: string): boolean {
  const day = dayOf(Date.parse(a), zone);
  return day !== null && day === dayOf(Date.parse(b), zone);
}
