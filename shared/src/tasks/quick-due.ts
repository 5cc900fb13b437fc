/**
 * The due-date menu of a task row (spec 000 §2, §9 "Quick due options"): today, tomorrow, next week,
 * or a picked day. Each is the end of that day (23:59) in the person's zone, the same instant the task
 * form's shortcuts set, so the badge reads "Today" or "Tomorrow" without a time. Luxon does the
 * calendar arithmetic, so a daylight-saving change between now and then moves nothing.
 */
import { DateTime } from 'luxon';

export const QUICK_DUE_OPTIONS = ['today', 'tomorrow', 'nextWeek'] as const;
export type QuickDue = (typeof QUICK_DUE_OPTIONS)[number];

const DAYS: Record<QuickDue, number> = { today: 0, tomorrow: 1, nextWeek: 7 };

const endOfDay = (day: DateTime) => day.set({ hour: 23, minute: 59, second: 0, millisecond: 0 });

/** The instant (UTC ISO) a quick option names, counted from `now`'s calendar day in `zone`. */
export function quickDueAt(option: QuickDue, now: Date, zone: string): string {
  const today = DateTime.fromJSDate(now, { zone });
  if (!today.isValid) throw new Error(`Unknown time zone: ${zone}`);
  return endOfDay(today.startOf('day').plus({ days: DAYS[option] }))
    .toUTC()
    .toISO()!;
}

/** The end of a picked calendar day (YYYY-MM-DD) in `zone`, or null when the text is not a day. */
export function pickedDueAt(day: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = DateTime.fromISO(day, { zone });
  return d.isValid ? endOfDay(d).toUTC().toISO() : null;
}

/** The calendar day (YYYY-MM-DD) of a due instant in `zone`: what the date picker starts on. */
export const dueDay = (dueAt: string | null, zone: string): string | null =>
  dueAt ? DateTime.fromISO(dueAt, { zone }).toISODate() : null;
