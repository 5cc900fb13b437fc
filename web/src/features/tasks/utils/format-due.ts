/**
 * How a due date reads in a badge: "Today", "Tomorrow" or a short date in the user's date order
 * (spec 000 §9: day first or month first), with the time in their 12/24-hour format unless it is the
 * end of the day (23:59, what the quick due options set), where the time says nothing.
 */
import { displayZone, wallTime } from '../../../lib/time/zone.ts';
import { calendarDaysUntil } from './due-colour.ts';

export interface DueFormat {
  dateFormat: 'day_first' | 'month_first';
  timeFormat: 12 | 24;
}

export interface DueText {
  day: 'today' | 'tomorrow' | 'yesterday' | null;
  date: string;
  time: string | null;
}

export function formatDue(iso: string, now: Date, f: DueFormat): DueText {
  const due = new Date(iso);
  const zone = displayZone();
  const at = wallTime(due, zone);
  const days = calendarDaysUntil(due, now);
  const locale = f.dateFormat === 'day_first' ? 'en-GB' : 'en-US';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(at.year !== wallTime(now, zone).year ? { year: 'numeric' } : {}),
  }).format(due);
  const endOfDay = at.hour === 23 && at.minute === 59;
  const time = endOfDay
    ? null
    : new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: f.timeFormat === 12,
      }).format(due);
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : days === -1 ? 'yesterday' : null;
  return { day, date, time };
}
