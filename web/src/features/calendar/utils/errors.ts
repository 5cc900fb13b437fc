/**
 * The calendar's refusals (spec 000 §5, 001 §2): a translated warning for each known code, the
 * server's own message for anything else.
 */

/**
 * CALENDAR_ERRORS of shared/src/time/schedule.ts, spelled out: importing that module would bring
 * its RRULE expansion into the calendar chunk. A test keeps the two in step.
 */
export const CALENDAR_ERROR_KEYS = {
  'calendar.cannot-reschedule': 'errors.cannotReschedule',
  'calendar.change-date-instance': 'errors.changeDateInstance',
} as const;

export type CalendarErrorKey = (typeof CALENDAR_ERROR_KEYS)[keyof typeof CALENDAR_ERROR_KEYS];

export function calendarErrorKey(code: string | undefined | null): CalendarErrorKey | null {
  if (!code) return null;
  return (CALENDAR_ERROR_KEYS as Record<string, CalendarErrorKey>)[code] ?? null;
}
