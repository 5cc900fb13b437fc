/**
 * Expanding a schedule into its occurrences in a window, in the schedule's own IANA zone, so a weekly
 * 09:00 meeting in New York stays at 09:00 New York time across daylight-saving changes.
 *
 * Why "floating" time: rrule computes dates in UTC. We hand it the schedule's *wall-clock* start
 * (09:00 written as 09:00 UTC), let it step through days, weeks and months in that wall-clock time,
 * and only then read each result back as a wall-clock time in the real zone, which places it on the
 * right instant on either side of a DST change. A wall time that does not exist (the hour skipped in
 * spring) moves forward, as calendar apps do. The zone maths is the platform's Intl (wall-clock.ts),
 * placing wall times exactly as Luxon does, so the Lambda bundles that expand schedules and nothing
 * else carry no date library (docs/decisions.md D61).
 */
import * as rrule from 'rrule';
import { floatingMs, floatingOf, instantOfWall, zoneOffset } from './zone-times.ts';

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

/** A wall-clock time (a Luxon DateTime is one too) as a floating Date: its fields read as UTC. */
export const toFloating = (w: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}): Date => new Date(floatingMs(w));

/** The instant `ms`'s wall clock in `zone`, as a floating Date. */
const floatingAt = (ms: number, zone: string): Date => new Date(floatingOf(ms, zone));

/** The rule's options with DTSTART (and UNTIL, given as an instant) moved into floating time. */
export function ruleFor(s: Schedule): RRule | null {
  if (!s.recurRule) return null;
  const options = RRule.parseString(s.recurRule.replace(/^RRULE:/i, ''));
  if (options.until) options.until = floatingAt(options.until.getTime(), s.timezone);
  return new RRule({ ...options, dtstart: floatingAt(Date.parse(s.startDate), s.timezone), tzid: null });
}

const DAY_MS = 86_400_000;
const MARGIN_MS = 14 * 3_600_000; // no zone is further than 14 h from UTC

/** An instant as occurrences show it: UTC, seconds, no milliseconds. */
const isoOfMs = (ms: number) => {
  const s = new Date(ms).toISOString();
  return s.endsWith('.000Z') ? `${s.slice(0, -5)}Z` : s;
};

/**
 * The zone's offset (minutes) for every wall time of one wall-clock day, when it is the same for the
 * whole day and the hours around it — every day but those of a DST change. Cached: a month of a
 * person's routines asks for the same few zones and days again and again.
 */
const steadyOffsets = new Map<string, number | null>();
function steadyOffset(zone: string, wallDay: number): number | null {
  const key = `${zone}|${wallDay}`;
  let off = steadyOffsets.get(key);
  if (off === undefined) {
    const a = zoneOffset(wallDay * DAY_MS - MARGIN_MS, zone);
    const b = zoneOffset((wallDay + 1) * DAY_MS + MARGIN_MS, zone);
    off = !Number.isNaN(a) && a === b ? a : null;
    if (steadyOffsets.size > 20_000) steadyOffsets.clear();
    steadyOffsets.set(key, off);
  }
  return off;
}

/** The instant of a floating (wall-clock) date in `zone`; instantOfWall places it on the days of a DST change. */
function instantOf(d: Date, zone: string): number {
  const wall = d.getTime() - (((d.getTime() % 1000) + 1000) % 1000);
  const off = steadyOffset(zone, Math.floor(wall / DAY_MS));
  return off === null ? instantOfWall(wall, zone) : wall - off * 60_000;
}

/**
 * The rule to step through the window with: a rule without COUNT that repeats by days or weeks starts
 * again at its last period boundary before the window (same weekday and time, same phase of its
 * interval), so a routine begun a year ago does not step through that year on every read. Rules with
 * COUNT, or by months and years, keep their start (their steps depend on it).
 */
function ruleNear(rule: RRule, windowStart: Date): RRule {
  const o = rule.origOptions;
  const period = o.freq === RRule.DAILY ? DAY_MS : o.freq === RRule.WEEKLY ? 7 * DAY_MS : 0;
  const start = o.dtstart;
  if (!period || o.count != null || !start || o.bysetpos != null) return rule;
  const step = period * (o.interval ?? 1);
  const periods = Math.floor((windowStart.getTime() - start.getTime()) / step) - 1;
  if (periods <= 0) return rule;
  // Weekly rules step from the start of the week the start date is in (WKST); whole steps keep that.
  return new RRule({ ...o, dtstart: new Date(start.getTime() + periods * step) });
}

/** Occurrences whose start falls in [from, to), in order. */
export function expandOccurrences(s: Schedule, from: string, to: string): Occurrence[] {
  const zone = s.timezone;
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const minutes = s.allDay ? ALL_DAY_MINUTES : s.duration;
  const instant = (v: string) => Date.parse(v);
  const excluded = new Set((s.exDate ?? []).map(instant));
  const starts = new Set<number>();

  const rule = ruleFor(s);
  if (rule) {
    // A day of margin on each side: the window's edges in wall-clock time may be a day apart from UTC.
    const a = new Date(floatingOf(fromMs, zone) - DAY_MS);
    const b = new Date(floatingOf(toMs, zone) + DAY_MS);
    for (const d of ruleNear(rule, a).between(a, b, true)) starts.add(instantOf(d, zone));
  } else {
    starts.add(instant(s.startDate));
  }
  for (const r of s.rDate ?? []) starts.add(instant(r));

  return [...starts]
    .filter((ms) => Number.isFinite(ms) && !excluded.has(ms) && ms >= fromMs && ms < toMs)
    .sort((a, b) => a - b)
    .map((ms) => ({ start: isoOfMs(ms), end: isoOfMs(ms + minutes * 60_000) }));
}

/** Whether the schedule has an occurrence starting at or after `from` (a series without an end always has). */
export function occursFrom(s: Schedule, from: string): boolean {
  const at = Date.parse(from);
  // Instants compared as numbers, so exdates match whatever offset they came in.
  const excluded = new Set((s.exDate ?? []).map((d) => Date.parse(d)));
  const later = (d: string) => !excluded.has(Date.parse(d)) && Date.parse(d) >= at;
  if ((s.rDate ?? []).some(later)) return true;
  const rule = ruleFor(s);
  if (!rule) return later(s.startDate);
  // A day of margin in wall-clock time, as in expandOccurrences; a near miss only adds a past series.
  return rule.after(new Date(floatingOf(at, s.timezone) - DAY_MS), true) !== null;
}
