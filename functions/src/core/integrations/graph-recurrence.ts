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
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const RFC_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const INDEXES = ['first', 'second', 'third', 'fourth'] as const;
type Day = (typeof DAYS)[number];
type Index = (typeof INDEXES)[number] | 'last';

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

/** RRULE text (with or without `RRULE:`) as its parts; null when a part repeats. */
function partsOf(rule: string): Map<string, string> | null {
  const parts = new Map<string, string>();
  for (const p of rule.replace(/^RRULE:/i, '').split(';')) {
    if (!p) continue;
    const eq = p.indexOf('=');
    if (eq <= 0) return null;
    const name = p.slice(0, eq).toUpperCase();
    if (parts.has(name)) return null;
    parts.set(name, p.slice(eq + 1).toUpperCase());
  }
  return parts;
}

/** `UNTIL=20270301T090000Z` or `UNTIL=20270301` as an instant. */
function untilMs(v: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(v);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}

const ALLOWED = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'COUNT',
  'UNTIL',
  'WKST',
]);

/** The task's series as Graph's recurrence; null when Graph cannot say the same. */
export function toGraphRecurrence(s: SeriesOf): PatternedRecurrence | null {
  if (s.exDate?.length || s.rDate?.length) return null;
  const parts = partsOf(s.recurRule);
  if (!parts || [...parts.keys()].some((k) => !ALLOWED.has(k))) return null;
  const startMs = Date.parse(s.start);
  const wall = floatingOf(startMs, s.timezone);
  if (Number.isNaN(wall)) return null;
  const date = new Date(wall);
  const weekday = date.getUTCDay();
  const dayOfMonth = date.getUTCDate();
  const month = date.getUTCMonth() + 1;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1 || interval > 999) return null;

  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  const plainDays = byDay.map((d) => RFC_DAYS.indexOf(d as (typeof RFC_DAYS)[number]));
  const byMonthDay = parts.get('BYMONTHDAY');
  const byMonth = parts.get('BYMONTH');
  const bySetPos = parts.get('BYSETPOS');
  const wkst = parts.get('WKST') ?? 'MO';
  const wkstIndex = RFC_DAYS.indexOf(wkst as (typeof RFC_DAYS)[number]);
  if (wkstIndex < 0) return null;

  /** One weekday with its place in the month (2TU, -1FR, or TU with BYSETPOS=2). */
  const relative = (): { day: Day; index: Index } | null => {
    if (byDay.length !== 1) return null;
    const m = /^([+-]?\d)?(SU|MO|TU|WE|TH|FR|SA)$/.exec(byDay[0]!);
    if (!m) return null;
    const ordinal =
      m[1] !== undefined ? Number(m[1]) : bySetPos !== undefined ? Number(bySetPos) : Number.NaN;
    if (m[1] !== undefined && bySetPos !== undefined) return null;
    const index: Index | undefined = ordinal === -1 ? 'last' : INDEXES[ordinal - 1];
    if (!index || ordinal === 0) return null;
    const day = RFC_DAYS.indexOf(m[2] as (typeof RFC_DAYS)[number]);
    // The first occurrence is the start: it must be that weekday at that place.
    if (day !== weekday) return null;
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), month, 0)).getUTCDate();
    const place = index === 'last' ? dayOfMonth + 7 > lastDay : Math.ceil(dayOfMonth / 7) === ordinal;
    return place ? { day: DAYS[day]!, index } : null;
  };

  let pattern: GraphPattern;
  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (byMonthDay || byMonth || bySetPos) return null;
      if (byDay.length === 0) pattern = { type: 'daily', interval };
      else {
        // Every day of some weekdays is one week's pattern of them (when every week counts).
        if (interval !== 1 || plainDays.some((d) => d < 0) || !plainDays.includes(weekday)) return null;
        pattern = { type: 'weekly', interval: 1, daysOfWeek: sortDays(plainDays) };
      }
      break;
    case 'WEEKLY': {
      if (byMonthDay || byMonth || bySetPos) return null;
      const days = byDay.length === 0 ? [weekday] : plainDays;
      if (days.some((d) => d < 0) || !days.includes(weekday)) return null;
      pattern = { type: 'weekly', interval, daysOfWeek: sortDays(days), firstDayOfWeek: DAYS[wkstIndex]! };
      break;
    }
    case 'MONTHLY': {
      if (byMonth) return null;
      if (byDay.length === 0) {
        if (bySetPos) return null;
        const d = byMonthDay === undefined ? dayOfMonth : Number(byMonthDay);
        // Graph moves the 29th–31st to a short month's last day; the rule skips that month.
        if (!Number.isInteger(d) || d !== dayOfMonth || d > 28) return null;
        pattern = { type: 'absoluteMonthly', interval, dayOfMonth: d };
      } else {
        if (byMonthDay) return null;
        const r = relative();
        if (!r) return null;
        pattern = { type: 'relativeMonthly', interval, daysOfWeek: [r.day], index: r.index };
      }
      break;
    }
    case 'YEARLY': {
      const m = byMonth === undefined ? month : Number(byMonth);
      if (m !== month) return null;
      if (byDay.length === 0) {
        if (bySetPos) return null;
        const d = byMonthDay === undefined ? dayOfMonth : Number(byMonthDay);
        if (!Number.isInteger(d) || d !== dayOfMonth || (month === 2 && d === 29)) return null;
        pattern = { type: 'absoluteYearly', interval, dayOfMonth: d, month };
      } else {
        if (byMonthDay || byMonth === undefined) return null;
        const r = relative();
        if (!r) return null;
        pattern = { type: 'relativeYearly', interval, daysOfWeek: [r.day], index: r.index, month };
      }
      break;
    }
    default:
      return null;
  }

  const range: GraphRange = { type: 'noEnd', startDate: isoDate(wall), recurrenceTimeZone: s.timezone };
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return null;
  if (count !== undefined) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) return null;
    range.type = 'numbered';
    range.numberOfOccurrences = n;
  } else if (until !== undefined) {
    const u = untilMs(until);
    if (Number.isNaN(u)) return null;
    // The rule keeps occurrences starting at or before UNTIL; Graph every one on or before endDate.
    const uWall = s.allDay && !until.includes('T') ? u : floatingOf(u, s.timezone);
    const lastDay = timeOfDay(uWall) >= timeOfDay(wall) ? uWall : uWall - DAY_MS;
    if (lastDay - timeOfDay(lastDay) < wall - timeOfDay(wall)) return null;
    range.type = 'endDate';
    range.endDate = isoDate(lastDay);
  }
  return { pattern, range };
}

const sortDays = (days: number[]): Day[] => [...new Set(days)].sort((a, b) => a - b).map((d) => DAYS[d]!);

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A Graph series as the task's rule, when the rule says exactly the same; else null. */
export function fromGraphRecurrence(r: PatternedRecurrence, start: string, timezone: string): string | null {
  const p = r.pattern;
  const interval = p.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1) return null;
  const wall = floatingOf(Date.parse(start), timezone);
  if (Number.isNaN(wall)) return null;
  const date = new Date(wall);
  const weekday = date.getUTCDay();
  const dayOfMonth = date.getUTCDate();
  const month = date.getUTCMonth() + 1;
  const rfcDays = (days: readonly string[] | undefined) => {
    const out = (days ?? []).map((d) => DAYS.indexOf(d.toLowerCase() as Day));
    return out.some((d) => d < 0) || out.length === 0 ? null : out;
  };
  const ordinalOf = (index: string | undefined) =>
    index === 'last' ? -1 : INDEXES.indexOf((index ?? 'first') as (typeof INDEXES)[number]) + 1;
  const parts = [`FREQ=`];
  switch (p.type) {
    case 'daily':
      parts[0] += 'DAILY';
      break;
    case 'weekly': {
      const days = rfcDays(p.daysOfWeek);
      if (!days || !days.includes(weekday)) return null;
      parts[0] += 'WEEKLY';
      parts.push(
        `BYDAY=${[...new Set(days)]
          .sort((a, b) => a - b)
          .map((d) => RFC_DAYS[d])
          .join(',')}`,
      );
      // Graph counts weeks from firstDayOfWeek (sunday unless said); it matters only past one week.
      if (interval > 1)
        parts.push(`WKST=${RFC_DAYS[DAYS.indexOf((p.firstDayOfWeek ?? 'sunday') as Day)] ?? 'SU'}`);
      break;
    }
    case 'absoluteMonthly':
      if (p.dayOfMonth !== dayOfMonth || dayOfMonth > 28) return null;
      parts[0] += 'MONTHLY';
      parts.push(`BYMONTHDAY=${dayOfMonth}`);
      break;
    case 'relativeMonthly':
    case 'relativeYearly': {
      const days = rfcDays(p.daysOfWeek);
      const ordinal = ordinalOf(p.index);
      if (!days || days.length !== 1 || days[0] !== weekday || ordinal === 0) return null;
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), month, 0)).getUTCDate();
      const place = ordinal === -1 ? dayOfMonth + 7 > lastDay : Math.ceil(dayOfMonth / 7) === ordinal;
      if (!place) return null;
      if (p.type === 'relativeYearly') {
        if (p.month !== month) return null;
        parts[0] += 'YEARLY';
        parts.push(`BYMONTH=${month}`);
      } else parts[0] += 'MONTHLY';
      parts.push(`BYDAY=${ordinal}${RFC_DAYS[weekday]}`);
      break;
    }
    case 'absoluteYearly':
      if (p.month !== month || p.dayOfMonth !== dayOfMonth || (month === 2 && dayOfMonth === 29)) return null;
      parts[0] += 'YEARLY';
      parts.push(`BYMONTH=${month}`, `BYMONTHDAY=${dayOfMonth}`);
      break;
    default:
      return null;
  }
  if (interval !== 1) parts.splice(1, 0, `INTERVAL=${interval}`);
  const range = r.range;
  if (range.type === 'numbered') {
    const n = range.numberOfOccurrences ?? 0;
    if (!Number.isInteger(n) || n < 1) return null;
    parts.push(`COUNT=${n}`);
  } else if (range.type === 'endDate') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(range.endDate ?? '');
    if (!m) return null;
    // The last day's occurrence starts at the series' time of day in its zone.
    const lastWall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) + timeOfDay(wall);
    if (lastWall < wall) return null;
    parts.push(`UNTIL=${stamp(instantOfWall(lastWall, timezone, Date.parse(start)))}`);
  } else if (range.type !== 'noEnd') return null;
  return parts.join(';');
}
