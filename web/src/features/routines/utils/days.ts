/**
 * Windows and day groups for the routine occurrence lists: today, and this week (Sunday to
 * Saturday, as the calendar's weeks), in the person's zone (Luxon's default zone, set by the shell). Pure.
 */
import type { OccurrenceView } from '@tandem/shared/time/views';
import { DateTime } from '../../../lib/time/luxon.ts';

export interface Window {
  start: Date;
  end: Date;
}

export function dayWindow(now: Date): Window {
  const d = DateTime.fromJSDate(now).startOf('day');
  return { start: d.toJSDate(), end: d.plus({ days: 1 }).toJSDate() };
}

export function weekWindow(now: Date): Window {
  const d = DateTime.fromJSDate(now).startOf('day');
  const sunday = d.minus({ days: d.weekday % 7 });
  return { start: sunday.toJSDate(), end: sunday.plus({ days: 7 }).toJSDate() };
}

export interface DayGroup {
  /** YYYY-MM-DD in the person's zone. */
  day: string;
  occurrences: OccurrenceView[];
}

/** Occurrences grouped by the local day they start on, days and times in order. */
export function groupByDay(list: readonly OccurrenceView[]): DayGroup[] {
  const byDay = new Map<string, OccurrenceView[]>();
  const sorted = [...list].sort(
    (a, b) => Number(b.allDay) - Number(a.allDay) || Date.parse(a.start) - Date.parse(b.start),
  );
  for (const o of sorted) {
    const day = o.allDay
      ? DateTime.fromISO(o.start, { zone: o.timezone || 'UTC' }).toISODate()!
      : DateTime.fromISO(o.start).toISODate()!;
    byDay.set(day, [...(byDay.get(day) ?? []), o]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, occurrences]) => ({ day, occurrences }));
}
