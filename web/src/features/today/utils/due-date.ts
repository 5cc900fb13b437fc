/**
 * "Due today" on Today's header: the due day is today's calendar day in the user's own zone, the
 * same day the server uses to pin a task to today. Intl does the zone maths to keep a date library
 * off the Today route.
 */

/** The calendar day of `date` in `zone` as a day number (days since 1970-01-01). */
export function dayNumber(date: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

/** Calendar days from today to the due day in `zone`: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(dueAt: string, zone: string, now: Date): number | null {
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return null;
  return dayNumber(due, zone) - dayNumber(now, zone);
}

export const isDueTodayIn = (dueAt: string | null, zone: string, now: Date): boolean =>
  !!dueAt && daysUntil(dueAt, zone, now) === 0;
