/**
 * Due-date colours (spec 000 §9): due in more than 7 days amber, in 1 to 7 days orange, today red,
 * overdue dark red. Days are calendar days in the person's zone (lib/time/zone.ts), so a task due tomorrow at 08:00 is
 * "1 day" away at 23:00 today. A due time that has passed is overdue even on the same day: "today"
 * means there is still time left today.
 */

import { dayNumber } from '../../../lib/time/zone.ts';

export type DueTone = 'later' | 'soon' | 'today' | 'overdue';

/**
 * Mantine colours for each tone: yellow.7 is Mantine's amber (dark text on it). The others carry
 * white text at 4.5:1 or more (WCAG AA): red.8 and red.9 from Mantine's reds, and for orange one
 * step darker than Mantine's darkest (orange.9 is 4.3:1), the same hue. web/test checks the ratios.
 */
export const DUE_TONE_COLOURS: Record<DueTone, string> = {
  later: 'yellow.7',
  soon: '#c2410c',
  today: 'red.8',
  overdue: 'red.9',
};

/** Whole calendar days from `now`'s day to `due`'s day in the person's zone (negative when past). */
export function calendarDaysUntil(due: Date, now: Date): number {
  return dayNumber(due) - dayNumber(now);
}

export function dueTone(dueAt: string | Date, now: Date): DueTone {
  const due = typeof dueAt === 'string' ? new Date(dueAt) : dueAt;
  if (due.getTime() < now.getTime()) return 'overdue';
  const days = calendarDaysUntil(due, now);
  if (days <= 0) return 'today';
  if (days <= 7) return 'soon';
  return 'later';
}

export const dueColour = (dueAt: string | Date, now: Date): string => DUE_TONE_COLOURS[dueTone(dueAt, now)];
