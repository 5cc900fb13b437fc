/**
 * The due-date menu of a task row (spec 000 §2, §9 "Quick due options"): today, tomorrow, next week,
 * or a picked day. Each is the end of that day (23:59) in the person's zone, the same instant the task
 * form's shortcuts set, so the badge reads "Today" or "Tomorrow" without a time. The calendar
 * arithmetic is on days, then 23:59 is placed in the zone (time/zone-times.ts), so a daylight-saving
 * change between now and then moves nothing; no date library (the import's server bundle uses this).
 */
import { isoDayIn } from '../time/wall-clock.ts';
import { dayOfInstant, floatingMs, instantOfWall } from '../time/zone-times.ts';

export const QUICK_DUE_OPTIONS = ['today', 'tomorrow', 'nextWeek'] as const;
export type QuickDue = (typeof QUICK_DUE_OPTIONS)[number];

const DAYS: Record<QuickDue, number> = { today: 0, tomorrow: 1, nextWeek: 7 };

/** 23:59 of a calendar day in `zone` (UTC ISO); null for a day that does not exist or a bad zone. */
function endOfDayIn(year: number, month: number, day: number, zone: string): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  const wall = floatingMs({ year, month, day, hour: 23, minute: 59 });
  const ms = instantOfWall(wall, zone, wall);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The instant (UTC ISO) a quick option names, counted from `now`'s calendar day in `zone`. */
export function quickDueAt(option: QuickDue, now: Date, zone: string): string {
  let today: string;
  try {
    today = isoDayIn(now, zone);
  } catch {
    throw new Error(`Unknown time zone: ${zone}`);
  }
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const then = new Date(Date.UTC(y, m - 1, d + DAYS[option]));
  const at = endOfDayIn(then.getUTCFullYear(), then.getUTCMonth() + 1, then.getUTCDate(), zone);
  if (!at) throw new Error(`Unknown time zone: ${zone}`);
  return at;
}

/** The end of a picked calendar day (YYYY-MM-DD) in `zone`, or null when the text is not a day. */
export function pickedDueAt(day: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? endOfDayIn(Number(m[1]), Number(m[2]), Number(m[3]), zone) : null;
}

/** The calendar day (YYYY-MM-DD) of a due instant in `zone`: what the date picker starts on. */
export const dueDay = (dueAt: string | null, zone: string): string | null =>
  dueAt ? dayOfInstant(dueAt, zone) : null;
