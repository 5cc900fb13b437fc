/**
 * The calendar's views and the window each one shows (spec 000 §9, 001 §2, §9): day, week (Sunday
 * to Saturday), Work Week (Monday to Friday, 7 to 19) and month (42 days from the Sunday starting the
 * week of the 1st). The window is what GET /task/schedule is asked for. Dates are read in the
 * person's zone (Luxon's default zone, set by the shell), as the calendar draws them.
 */
import { DateTime } from '../../../lib/time/luxon.ts';

export const CALENDAR_VIEWS = ['day', 'week', 'work_week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_VIEW: CalendarView = 'week';

/** Spec 000 §9: hours 0 to 24, height 600; 001 §9: Work Week hours 7 to 19. */
export const CALENDAR_HEIGHT = 600;
export const WORK_WEEK_HOURS = { start: 7, end: 19 } as const;
export const MONTH_GRID_DAYS = 42;

export function viewFromQuery(raw: string | null): CalendarView {
  if (raw === 'workweek' || raw === 'work-week') return 'work_week';
  return CALENDAR_VIEWS.find((v) => v === raw) ?? DEFAULT_VIEW;
}

/** `YYYY-MM-DD` in the person's zone; anything else (or nothing) is today. */
export function dateFromQuery(raw: string | null, now: Date = new Date()): Date {
  if (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const d = DateTime.fromISO(raw);
    if (d.isValid) return d.startOf('day').toJSDate();
  }
  return DateTime.fromJSDate(now).startOf('day').toJSDate();
}

export const dateToQuery = (date: Date): string => DateTime.fromJSDate(date).toFormat('yyyy-MM-dd');

/** Luxon weekday (Mon 1 … Sun 7) → days back to the Sunday starting the week. */
const sundayOf = (d: DateTime) => d.startOf('day').minus({ days: d.weekday % 7 });

export interface DateRange {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export function visibleRange(view: CalendarView, date: Date): DateRange {
  const d = DateTime.fromJSDate(date).startOf('day');
  let start: DateTime;
  let days: number;
  switch (view) {
    case 'day':
      start = d;
      days = 1;
      break;
    case 'week':
      start = sundayOf(d);
      days = 7;
      break;
    case 'work_week':
      start = sundayOf(d).plus({ days: 1 });
      days = 5;
      break;
    case 'month':
      start = sundayOf(d.startOf('month'));
      days = MONTH_GRID_DAYS;
      break;
  }
  return { start: start.toJSDate(), end: start.plus({ days }).toJSDate() };
}

/** The day `step` views away: back (-1) or next (1). */
export function stepDate(view: CalendarView, date: Date, step: -1 | 1): Date {
  const d = DateTime.fromJSDate(date).startOf('day');
  const unit = view === 'month' ? { months: step } : view === 'day' ? { days: step } : { weeks: step };
  return d.plus(unit).toJSDate();
}

/** A slot from the all-day row or a month cell: midnight to midnight, at least one day. */
export function isAllDaySlot(start: Date, end: Date, view: CalendarView): boolean {
  if (view === 'month') return true;
  const s = DateTime.fromJSDate(start);
  const e = DateTime.fromJSDate(end);
  const midnight = (x: DateTime) => x.hour === 0 && x.minute === 0 && x.second === 0;
  return midnight(s) && midnight(e) && e.diff(s, 'days').days >= 1;
}

/** Minutes in a slot (the quick task's duration, spec 000 §9); 1440 for each all-day day. */
export function slotMinutes(start: Date, end: Date, allDay: boolean): number {
  if (allDay) return 1440;
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
}

/**
 * The time a day or week view opens at (its scroll position): when the view shows today, an hour
 * before the current hour, so now is in sight with a little of what came before; on any other day,
 * the start of the work day (07:00, 001 §9). Never above the view's first hour, and never "an hour
 * before" across midnight, which the grid would read as 23:00, the end of the day.
 */
export function openingTime(view: CalendarView, date: Date, now: Date = new Date()): Date {
  const { start, end } = visibleRange(view, date);
  const today = DateTime.fromJSDate(now).startOf('day');
  const workDay = today.set({ hour: WORK_WEEK_HOURS.start });
  if (now < start || now >= end) return workDay.toJSDate();
  const hourBefore = DateTime.fromJSDate(now).startOf('hour').minus({ hours: 1 });
  return DateTime.max(hourBefore, view === 'work_week' ? workDay : today).toJSDate();
}
