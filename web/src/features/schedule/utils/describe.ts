/** Plain-English "when" for a schedule shown to someone else (the attendee page), in their zone. */
import { WEEKDAYS } from '@tandem/shared/time/schedule';
import { DateTime } from '../../../lib/time/luxon.ts';
import { parseRecurRule } from './schedule-form.ts';

const DAY_NAMES = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
} as const;
const UNIT = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** How a RRULE repeats, in words ('Weekly on Monday, Wednesday', 'Every 2 days, 5 times'); null if it does not. */
export function describeRepeat(rule: string | null, zone: string): string | null {
  if (!rule) return null;
  const r = parseRecurRule(rule, zone);
  if (!r) return rule;
  const head =
    r.interval === 1
      ? { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }[r.frequency]
      : `Every ${r.interval} ${UNIT[r.frequency]}s`;
  const parts = [head];
  if (r.frequency === 'weekly' && r.weekdays?.length)
    parts[0] += ` on ${WEEKDAYS.filter((d) => r.weekdays!.includes(d))
      .map((d) => DAY_NAMES[d])
      .join(', ')}`;
  if (r.frequency === 'monthly' && r.monthDay) parts[0] += ` on day ${r.monthDay}`;
  if (r.end.kind === 'count') parts.push(r.end.count === 1 ? 'once' : `${r.end.count} times`);
  if (r.end.kind === 'until')
    parts.push(
      `until ${DateTime.fromISO(r.end.date).toLocaleString(DateTime.DATE_MED, { locale: 'en-US' })}`,
    );
  return parts.join(', ');
}

export function describeWhen(
  s: { startDate: string; duration: number; timezone: string; recurRule: string | null; allDay: boolean },
  viewerZone: string,
): { day: string; range: string; repeat: string | null } {
  // An all-day schedule is a day in its own zone; a timed one is shown in the viewer's.
  const start = DateTime.fromISO(s.startDate, { setZone: true }).setZone(s.allDay ? s.timezone : viewerZone);
  const end = start.plus({ minutes: s.duration });
  const day = start.toLocaleString(DateTime.DATE_HUGE, { locale: 'en-US' });
  const time = (d: DateTime) => d.toLocaleString(DateTime.TIME_SIMPLE, { locale: 'en-US' });
  const range = start.hasSame(end, 'day')
    ? `${day}, ${time(start)} – ${time(end)}`
    : `${day}, ${time(start)} – ${end.toLocaleString(DateTime.DATETIME_MED, { locale: 'en-US' })}`;
  return { day, range, repeat: describeRepeat(s.recurRule, s.allDay ? s.timezone : viewerZone) };
}
