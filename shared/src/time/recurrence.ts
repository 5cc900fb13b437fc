/**
 * Expanding a schedule into its occurrences in a window, in the schedule's own IANA zone, so a weekly
 * 09:00 meeting in New York stays at 09:00 New York time across daylight-saving changes.
 *
 * Why "floating" time: rrule computes dates in UTC. We hand it the schedule's *wall-clock* start
 * (09:00 written as 09:00 UTC), let it step through days, weeks and months in that wall-clock time,
 * and only then read each result back as a wall-clock time in the real zone (Luxon), which places it
 * on the right instant on either side of a DST change. A wall time that does not exist (the hour
 * skipped in spring) moves forward, as calendar apps do.
 */
import { DateTime } from 'luxon';
import * as rrule from 'rrule';

// rrule ships ES modules to bundlers (named exports, no default) but CommonJS to Node, whose named
// exports Node cannot see (only a default). Take RRule from wherever this runtime put it. The lookup
// is by name at run time, so a bundler does not read it as an import that can never be defined.
const { RRule } = ('RRule' in rrule ? rrule : Reflect.get(rrule, 'default')) as typeof rrule;
type RRule = InstanceType<typeof RRule>;

import { ALL_DAY_MINUTES } from './schedule-input.ts';

export { ALL_DAY_MINUTES };

export interface Schedule {
  /** The first occurrence, an instant (ISO 8601 with offset or Z). */
  startDate: string;
  /** RRULE body without DTSTART, e.g. 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10'; null for a one-off. */
  recurRule: string | null;
  /** IANA zone the schedule lives in. */
  timezone: string;
  /** Length of each occurrence in minutes (1440 for all day). */
  duration: number;
  allDay?: boolean;
  /** Occurrences removed (their start instants). */
  exDate?: readonly string[];
  /** Occurrences added (their start instants). */
  rDate?: readonly string[];
}

export interface Occurrence {
  start: string;
  end: string;
}

export const toFloating = (dt: DateTime): Date =>
  new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));

const fromFloating = (d: Date, zone: string): DateTime =>
  DateTime.fromObject(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    },
    { zone },
  );

const iso = (dt: DateTime) => dt.toUTC().toISO({ suppressMilliseconds: true })!;

/** Normalises an instant to the form occurrences use, so exdates match whatever offset they came in. */
const sameInstant = (s: string) => iso(DateTime.fromISO(s, { setZone: true }));

/** The rule's options with DTSTART (and UNTIL, given as an instant) moved into floating time. */
export function ruleFor(s: Schedule): RRule | null {
  if (!s.recurRule) return null;
  const start = DateTime.fromISO(s.startDate, { setZone: true }).setZone(s.timezone);
  const options = RRule.parseString(s.recurRule.replace(/^RRULE:/i, ''));
  if (options.until) {
    options.until = toFloating(DateTime.fromJSDate(options.until).setZone(s.timezone));
  }
  return new RRule({ ...options, dtstart: toFloating(start), tzid: null });
}

/** Occurrences whose start falls in [from, to), in order. */
export function expandOccurrences(s: Schedule, from: string, to: string): Occurrence[] {
  const zone = s.timezone;
  const winFrom = DateTime.fromISO(from, { setZone: true });
  const winTo = DateTime.fromISO(to, { setZone: true });
  const minutes = s.allDay ? ALL_DAY_MINUTES : s.duration;
  const excluded = new Set((s.exDate ?? []).map(sameInstant));
  const starts = new Set<string>();

  const rule = ruleFor(s);
  if (rule) {
    // A day of margin on each side: the window's edges in wall-clock time may be a day apart from UTC.
    const a = toFloating(winFrom.setZone(zone).minus({ days: 1 }));
    const b = toFloating(winTo.setZone(zone).plus({ days: 1 }));
    for (const d of rule.between(a, b, true)) starts.add(iso(fromFloating(d, zone)));
  } else {
    starts.add(sameInstant(s.startDate));
  }
  for (const r of s.rDate ?? []) starts.add(sameInstant(r));

  return [...starts]
    .filter((st) => !excluded.has(st))
    .map((st) => DateTime.fromISO(st, { setZone: true }))
    .filter((dt) => dt >= winFrom && dt < winTo)
    .sort((a, b) => a.toMillis() - b.toMillis())
    .map((dt) => ({ start: iso(dt), end: iso(dt.plus({ minutes })) }));
}

/** Whether the schedule has an occurrence starting at or after `from` (a series without an end always has). */
export function occursFrom(s: Schedule, from: string): boolean {
  const at = DateTime.fromISO(from, { setZone: true });
  const excluded = new Set((s.exDate ?? []).map(sameInstant));
  const later = (d: string) => !excluded.has(sameInstant(d)) && DateTime.fromISO(d, { setZone: true }) >= at;
  if ((s.rDate ?? []).some(later)) return true;
  const rule = ruleFor(s);
  if (!rule) return later(s.startDate);
  // A day of margin in wall-clock time, as in expandOccurrences; a near miss only adds a past series.
  return rule.after(toFloating(at.setZone(s.timezone).minus({ days: 1 })), true) !== null;
}
