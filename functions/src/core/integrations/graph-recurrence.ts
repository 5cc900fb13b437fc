/**
 * A task's repeat rule (RRULE) as Microsoft Graph's patternedRecurrence and back (decisions D75). Graph
 * keeps a series as a pattern (daily, weekly, absoluteMonthly, relativeMonthly, absoluteYearly,
 * relativeYearly), an interval and a range (endDate, numbered, noEnd) read in the series' time zone.
 * Only rules whose every occurrence Graph would place on the same wall-clock day are mapped; anything
 * else (BYHOUR, BYWEEKNO, several monthly days, the 29th–31st of a month, EXDATE/RDATE…) answers null,
 * and the caller falls back to the first occurrence.
 */
import { floatingOf, instantOfWall } from '@tandem/shared/time/zone-times';

const DAY_MS = 86_400_000;
const DAYS = 'sunday monday tuesday wednesday thursday friday saturday'.split(' ') as Day[];
const RFC_DAYS = DAYS.map((d) => d.slice(0, 2).toUpperCase());
const INDEXES = ['first', 'second', 'third', 'fourth', 'last'] as const;
type Day = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
type Index = (typeof INDEXES)[number];

export interface GraphPattern {
  type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly';
  interval: number;
  daysOfWeek?: Day[];
  dayOfMonth?: number;
  month?: number;
  index?: Index;
  firstDayOfWeek?: Day;
}

export interface GraphRange {
  type: 'endDate' | 'noEnd' | 'numbered';
  startDate: string;
  endDate?: string;
  numberOfOccurrences?: number;
  recurrenceTimeZone?: string;
}

export interface PatternedRecurrence {
  pattern: GraphPattern;
  range: GraphRange;
}

/** The series a task's schedule makes: its first start (instant), zone, rule and added/removed dates. */
export interface SeriesOf {
  start: string;
  timezone: string;
  allDay: boolean;
  recurRule: string;
  exDate?: readonly string[];
  rDate?: readonly string[];
}

const isoDate = (floating: number) => new Date(floating).toISOString().slice(0, 10);
const timeOfDay = (floating: number) => ((floating % DAY_MS) + DAY_MS) % DAY_MS;

/** The start's wall clock in `zone` and its weekday, day and month; null for a zone we do not know. */
function wallOf(start: string, zone: string) {
  const wall = floatingOf(Date.parse(start), zone);
  if (Number.isNaN(wall)) return null;
  const d = new Date(wall);
  const day = d.getUTCDate();
  const month = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(d.getUTCFullYear(), month, 0)).getUTCDate();
  /** The start's place among its weekday's days in the month, as Graph's index names it (-1: last). */
  const isPlace = (ordinal: number) => (ordinal === -1 ? day + 7 > last : Math.ceil(day / 7) === ordinal);
  return { wall, weekday: d.getUTCDay(), day, month, isPlace };
}

const ordinalOf = (index: Index) => (index === 'last' ? -1 : INDEXES.indexOf(index) + 1);
const sortDays = (days: number[]): Day[] => [...new Set(days)].sort((a, b) => a - b).map((d) => DAYS[d]!);
const ALLOWED = /^(FREQ|INTERVAL|BYDAY|BYMONTHDAY|BYMONTH|BYSETPOS|COUNT|UNTIL|WKST)$/;

/** The task's series as Graph's recurrence; null when Graph cannot say the same. */
export function toGraphRecurrence(s: SeriesOf): PatternedRecurrence | null {
  if (s.exDate?.length || s.rDate?.length) return null;
  const parts = new Map<string, string>();
  for (const p of s.recurRule
    .replace(/^RRULE:/i, '')
    .toUpperCase()
    .split(';')) {
    const [name, value] = p.split('=');
    if (!name) continue;
    if (value === undefined || !ALLOWED.test(name) || parts.has(name)) return null;
    parts.set(name, value);
  }
  const w = wallOf(s.start, s.timezone);
  if (!w) return null;
  const interval = Number(parts.get('INTERVAL') ?? 1);
  if (!Number.isInteger(interval) || interval < 1 || interval > 999) return null;
  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  const days = byDay.map((d) => RFC_DAYS.indexOf(d));
  const byMonthDay = parts.get('BYMONTHDAY');
  const byMonth = parts.get('BYMONTH');
  const setPos = parts.get('BYSETPOS');
  const wkst = RFC_DAYS.indexOf(parts.get('WKST') ?? 'MO');
  if (wkst < 0 || days.some((d, i) => d < 0 && !/^[+-]?\d[A-Z]{2}$/.test(byDay[i]!))) return null;
  /** The start's own day of the month (BYMONTHDAY absent or that day; Graph moves the 29th–31st). */
  const sameDay = () => !setPos && (byMonthDay ?? String(w.day)) === String(w.day) && w.day <= 28;
  /** One weekday at one place of the month (2TU, -1FR, or TU with BYSETPOS=2), the start's. */
  const relative = () => {
    const m = byDay.length === 1 ? /^([+-]?\d)?([A-Z]{2})$/.exec(byDay[0]!) : null;
    if (!m || byMonthDay || (m[1] && setPos)) return null;
    const ordinal = Number(m[1] ?? setPos);
    const index = ordinal === -1 ? 'last' : ordinal > 0 && ordinal < 5 ? INDEXES[ordinal - 1] : null;
    return index && RFC_DAYS.indexOf(m[2]!) === w.weekday && w.isPlace(ordinal)
      ? { daysOfWeek: [DAYS[w.weekday]!], index }
      : null;
  };
  let pattern: GraphPattern | null = null;
  const freq = parts.get('FREQ');
  if (freq === 'DAILY' || freq === 'WEEKLY') {
    const weekly = byDay.length ? days : freq === 'WEEKLY' ? [w.weekday] : [];
    if (byMonthDay || byMonth || setPos || weekly.some((d) => d < 0)) return null;
    if (weekly.length && !weekly.includes(w.weekday)) return null;
    if (freq === 'DAILY' && !weekly.length) pattern = { type: 'daily', interval };
    // Every day of some weekdays is one week's pattern of them (when every week counts).
    else if (freq === 'WEEKLY' || interval === 1)
      pattern = {
        type: 'weekly',
        interval,
        daysOfWeek: sortDays(weekly),
        ...(freq === 'WEEKLY' ? { firstDayOfWeek: DAYS[wkst]! } : {}),
      };
  } else if (freq === 'MONTHLY' && !byMonth) {
    if (!byDay.length) pattern = sameDay() ? { type: 'absoluteMonthly', interval, dayOfMonth: w.day } : null;
    else {
      const r = relative();
      pattern = r && { type: 'relativeMonthly', interval, ...r };
    }
  } else if (freq === 'YEARLY' && (byMonth ?? String(w.month)) === String(w.month)) {
    if (!byDay.length)
      pattern =
        sameDay() || (!setPos && (byMonthDay ?? String(w.day)) === String(w.day) && w.month !== 2)
          ? { type: 'absoluteYearly', interval, dayOfMonth: w.day, month: w.month }
          : null;
    else {
      const r = byMonth ? relative() : null;
      pattern = r && { type: 'relativeYearly', interval, ...r, month: w.month };
    }
  }
  if (!pattern) return null;

  const range: GraphRange = { type: 'noEnd', startDate: isoDate(w.wall), recurrenceTimeZone: s.timezone };
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count && until) return null;
  if (count) {
    range.type = 'numbered';
    range.numberOfOccurrences = Number(count);
    if (!Number.isInteger(range.numberOfOccurrences) || range.numberOfOccurrences < 1) return null;
  } else if (until) {
    const m = /^(\d{4})(\d\d)(\d\d)(?:T(\d\d)(\d\d)(\d\d)Z?)?$/.exec(until);
    if (!m) return null;
    const u = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    // The rule keeps occurrences starting at or before UNTIL; Graph every one on or before endDate.
    const uWall = s.allDay && !m[4] ? u : floatingOf(u, s.timezone);
    const lastDay = timeOfDay(uWall) >= timeOfDay(w.wall) ? uWall : uWall - DAY_MS;
    if (lastDay - timeOfDay(lastDay) < w.wall - timeOfDay(w.wall)) return null;
    range.type = 'endDate';
    range.endDate = isoDate(lastDay);
  }
  return { pattern, range };
}

/** A Graph series as the task's rule, when the rule says exactly the same; else null. */
export function fromGraphRecurrence(r: PatternedRecurrence, start: string, timezone: string): string | null {
  const p = r.pattern;
  const w = wallOf(start, timezone);
  const interval = p.interval ?? 1;
  if (!w || !Number.isInteger(interval) || interval < 1) return null;
  const days = (p.daysOfWeek ?? []).map((d) => DAYS.indexOf(d.toLowerCase() as Day));
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const one = days.length === 1 && days[0] === w.weekday;
  const ordinal = ordinalOf(p.index ?? 'first');
  const relative = one && ordinal !== 0 && w.isPlace(ordinal);
  const absolute = p.dayOfMonth === w.day && w.day <= 28;
  const inMonth = p.month === w.month;
  const rule: Record<string, string | undefined> = {
    daily: 'DAILY',
    weekly:
      sorted.length && sorted[0]! >= 0 && sorted.includes(w.weekday)
        ? `WEEKLY;BYDAY=${sorted.map((d) => RFC_DAYS[d]).join(',')}${
            // Graph counts weeks from firstDayOfWeek (sunday unless said); it matters only past one week.
            interval > 1 ? `;WKST=${RFC_DAYS[DAYS.indexOf(p.firstDayOfWeek ?? 'sunday')] ?? 'SU'}` : ''
          }`
        : undefined,
    absoluteMonthly: absolute ? `MONTHLY;BYMONTHDAY=${w.day}` : undefined,
    relativeMonthly: relative ? `MONTHLY;BYDAY=${ordinal}${RFC_DAYS[w.weekday]}` : undefined,
    absoluteYearly:
      inMonth && p.dayOfMonth === w.day && !(w.month === 2 && w.day === 29)
        ? `YEARLY;BYMONTH=${w.month};BYMONTHDAY=${w.day}`
        : undefined,
    relativeYearly:
      relative && inMonth ? `YEARLY;BYMONTH=${w.month};BYDAY=${ordinal}${RFC_DAYS[w.weekday]}` : undefined,
  };
  const body = Object.hasOwn(rule, p.type) ? rule[p.type] : undefined;
  if (!body) return null;
  const [freq, ...rest] = body.split(';');
  const parts = [`FREQ=${freq}`, ...(interval !== 1 ? [`INTERVAL=${interval}`] : []), ...rest];
  const range = r.range;
  if (range.type === 'numbered') {
    const n = range.numberOfOccurrences ?? 0;
    if (!Number.isInteger(n) || n < 1) return null;
    parts.push(`COUNT=${n}`);
  } else if (range.type === 'endDate') {
    const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(range.endDate ?? '');
    // The last day's occurrence starts at the series' time of day in its zone.
    const lastWall = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) + timeOfDay(w.wall) : Number.NaN;
    if (!(lastWall >= w.wall)) return null;
    const until = new Date(instantOfWall(lastWall, timezone, Date.parse(start)));
    parts.push(`UNTIL=${until.toISOString().replace(/[-:]|\.\d+/g, '')}`);
  } else if (range.type !== 'noEnd') return null;
  return parts.join(';');
}
