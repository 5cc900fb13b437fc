/**
 * Reports (spec 002 §2 Reports screen, §3 Reports, §5, §7 Reports, §8, §9; decisions D50): the report
 * types and periods, day bucketing in a person's zone, the time axis labels, rounding, the query's
 * schema and its bounds. The server answers with these rules and the web draws with them.
 *
 * Days are local calendar days written `YYYY-MM-DD`. The aggregates kept on write are per local day of
 * the person (functions/src/streams/report-aggregates.ts); a period's bucket is named by its first day.
 * Only `Intl` and UTC date arithmetic are used here (no Luxon), so the stream consumer stays small.
 */
import * as z from 'zod/mini';
import { entityId } from '../api/limits.ts';

/** Report types (spec 002 §7); task_overview is the default and ours (docs/api/reports.md). */
export const REPORT_TYPES = ['task_overview', 'routine', 'task', 'trend', 'template'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'task_overview';

/** Periods (spec 002 §2): `individual` is one point per record (for routines and trends: per day). */
export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year', 'day', 'individual'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';

/**
 * The longest range a report covers, in days, by period (issue 14 "a 10-year range by day (bounded)").
 * A range by day is at most a year (366 points on a chart is already dense); by week three years;
 * by month, quarter or year ten years. Each bound also bounds the day items one report reads.
 */
export const MAX_RANGE_DAYS: Readonly<Record<ReportPeriod, number>> = {
  day: 366,
  individual: 366,
  week: 3 * 366,
  month: 10 * 366,
  quarter: 10 * 366,
  year: 10 * 366,
};

/** At most this many groups in one trend report (one Query each). */
export const MAX_REPORT_GROUPS = 20;

export const REPORT_MESSAGES = {
  /** Spec 002 §8. */
  loadFailed: 'An error occurred while fetching reports',
  unknownType: 'Unknown report type.',
  badDate: 'A date is written YYYY-MM-DD.',
  endBeforeStart: 'The end date is before the start date.',
  tooLong: (period: ReportPeriod) =>
    `This range is too long for a report by ${period}: at most ${MAX_RANGE_DAYS[period]} days.`,
  /** Spec 002 §5. */
  future: 'The date range may not go into the future.',
  taskRequired: 'Choose a task for this report.',
  templateRequired: 'Choose a template task for this report.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Days

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC midnight of a `YYYY-MM-DD` day, or NaN when it is no real day (2026-02-30). */
function dayMs(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d
    ? ms
    : Number.NaN;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOfMs = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

export const isDay = (day: string) => !Number.isNaN(dayMs(day));

/** The day `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number) => dayOfMs(dayMs(day) + n * MS_PER_DAY);

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / MS_PER_DAY);

/** The same day `n` months earlier or later, kept inside the month (03-31 minus a month → 02-28). */
export function addMonths(day: string, n: number): string {
  const d = new Date(dayMs(day));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return dayOfMs(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local day, in `zone`, of an instant (an ISO string, a Date or epoch milliseconds). */
export function localDay(instant: string | number | Date, zone: string): string {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(new Date(instant));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The first day of the period that holds `day`: weeks start on Monday (ISO 8601). */
export function bucketStart(day: string, period: ReportPeriod): string {
  const ms = dayMs(day);
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (period) {
    case 'day':
    case 'individual':
      return day;
    case 'week':
      return dayOfMs(ms - ((d.getUTCDay() + 6) % 7) * MS_PER_DAY);
    case 'month':
      return dayOfMs(Date.UTC(y, m, 1));
    case 'quarter':
      return dayOfMs(Date.UTC(y, m - (m % 3), 1));
    case 'year':
      return dayOfMs(Date.UTC(y, 0, 1));
  }
}

/** The first day of the next period after the one starting on `start`. */
function nextBucket(start: string, period: ReportPeriod): string {
  switch (period) {
    case 'day':
    case 'individual':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
    case 'quarter':
      return addMonths(start, 3);
    case 'year':
      return addMonths(start, 12);
  }
}

/** The buckets (their first days) that cover `start`..`end`, in order; the first may begin before `start`. */
export function bucketsOf(start: string, end: string, period: ReportPeriod): string[] {
  const out: string[] = [];
  for (let b = bucketStart(start, period); b <= end; b = nextBucket(b, period)) out.push(b);
  return out;
}

/** The time axis label of a bucket (spec 002 §9): week and day YYYY/MM/DD, month and quarter MM/YYYY, year YYYY. */
export function axisLabel(start: string, period: ReportPeriod): string {
  const [y, m, d] = start.split('-');
  switch (period) {
    case 'day':
    case 'individual':
    case 'week':
      return `${y}/${m}/${d}`;
    case 'month':
    case 'quarter':
      return `${m}/${y}`;
    case 'year':
      return `${y}`;
  }
}

/**
 * The whole calendar months inside a range: the first one's first day, the last one's first day and
 * last day; null when no month fits whole. A report by month, quarter or year reads these from the
 * month rollups and the days before and after them from the day items (decisions D50).
 */
export function wholeMonthsOf(range: ReportRange): { first: string; last: string; lastDay: string } | null {
  const first = range.startDate.endsWith('-01')
    ? range.startDate
    : addMonths(`${range.startDate.slice(0, 7)}-01`, 1);
  const endMonth = `${addDays(range.endDate, 1).slice(0, 7)}-01`;
  const last = addMonths(endMonth, -1);
  if (last < first) return null;
  return { first, last, lastDay: addDays(endMonth, -1) };
}

// ---------------------------------------------------------------------------------------------------
// Numbers

/** Rounded half away from zero to `places` decimals, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${places}`);
  return sign * Number(`${Math.round(shifted)}e-${places}`);
}

/** A routine's completion percentage (spec 002 §9: 2 decimals); 0 when nothing was due. */
export const completionPercent = (done: number, due: number) =>
  due > 0 ? roundTo((100 * done) / due, 2) : 0;

/** A number in the template report (spec 002 §9: 1 decimal), as shown and exported. */
export const templateNumber = (value: number) => roundTo(value, 1).toFixed(1);

// ---------------------------------------------------------------------------------------------------
// Query (GET /reporting/{reportType}/)

const day = z.string().check(z.refine(isDay, REPORT_MESSAGES.badDate));

/** Comma-separated group ids (`group_ids=a,b`), at most MAX_REPORT_GROUPS. */
const groupIds = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(MAX_REPORT_GROUPS * 65)),
    z.transform((v) => [...new Set(v.split(',').filter((x) => x !== ''))]),
  ),
  z.array(entityId).check(z.maxLength(MAX_REPORT_GROUPS, `At most ${MAX_REPORT_GROUPS} groups.`)),
);

export const reportTypeParam = z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.unknownType });

/** The query as sent (snake case in the URL; the API's case conversion gives these names). */
export const reportQuery = z.object({
  period: z._default(z.enum(REPORT_PERIODS), DEFAULT_REPORT_PERIOD),
  startDate: z.optional(day),
  endDate: z.optional(day),
  taskId: z.optional(entityId),
  templateTaskId: z.optional(entityId),
  groupIds: z.optional(groupIds),
});
export type ReportQueryInput = z.input<typeof reportQuery>;
export type ReportQuery = z.output<typeof reportQuery>;

export interface ReportRange {
  startDate: string;
  endDate: string;
}

/**
 * The range a report covers: the dates given, else one month back to today (spec 002 §9 for the
 * template report; the same default for the others). Refuses an end before the start, a range longer
 * than the period allows, and — for the template report — an end after today (spec 002 §5). Returns
 * the message of the first rule broken, with the field it is about.
 */
export function reportRange(
  type: ReportType,
  q: Pick<ReportQuery, 'period' | 'startDate' | 'endDate'>,
  today: string,
): ReportRange | { field: 'start_date' | 'end_date'; message: string } {
  const endDate = q.endDate ?? today;
  const startDate = q.startDate ?? addMonths(endDate, -1);
  if (endDate < startDate) return { field: 'end_date', message: REPORT_MESSAGES.endBeforeStart };
  if (type === 'template' && endDate > today) return { field: 'end_date', message: REPORT_MESSAGES.future };
  if (daysBetween(startDate, endDate) + 1 > MAX_RANGE_DAYS[q.period])
    return { field: 'start_date', message: REPORT_MESSAGES.tooLong(q.period) };
  return { startDate, endDate };
}

// ---------------------------------------------------------------------------------------------------
// Answers (spec 002 §3)

/** One point of a routine or trend series (spec 002 §3): the series' name, the axis label, the value. */
export interface SeriesPoint {
  name: string;
  key: string;
  value: number;
}

/** Series names of the trend report and of the routine report. */
export const TREND_SERIES = { created: 'created', completed: 'completed' } as const;
export const ROUTINE_SERIES = { completion: 'completion' } as const;

export interface SeriesReport {
  reportType: 'routine' | 'trend';
  period: ReportPeriod;
  startDate: string;
  endDate: string;
  results: SeriesPoint[];
}

/** The default report (ours, docs/api/reports.md): the caller's open and done tasks counted three ways. */
export interface TaskOverviewReport {
  reportType: 'task_overview';
  total: number;
  /** Status ids (1–4) with their counts, by id. Lists, not maps: ids are never turned into keys. */
  byStatus: OverviewCount[];
  /** Priority group ids (0–9) with their counts, by id. */
  byPriorityGroup: OverviewCount[];
  /** Group ids with their counts, most first. */
  byGroup: OverviewCount[];
}

export interface OverviewCount {
  id: string;
  count: number;
}

// The task and template reports' shapes (spec 002 §3) live with the custom fields they report on.
export type { TaskReportPoint, TemplateReport } from '../custom-fields/views.ts';

/** Day counters summed over buckets (routine: due and done; trend: created and completed). */
export type DayCounts = Record<string, number>;

/**
 * Sums day items into the period's buckets over the range: every bucket appears, empty ones as 0, so
 * the chart's axis has no holes. Days outside the range are ignored.
 */
export function sumByBucket<K extends string>(
  days: ReadonlyArray<{ day: string } & Partial<Record<K, number>>>,
  counters: readonly K[],
  range: ReportRange,
  period: ReportPeriod,
): Array<{ start: string } & Record<K, number>> {
  const buckets = new Map(
    bucketsOf(range.startDate, range.endDate, period).map((b) => [
      b,
      { start: b, ...Object.fromEntries(counters.map((c) => [c, 0])) } as { start: string } & Record<
        K,
        number
      >,
    ]),
  );
  for (const d of days) {
    if (d.day < range.startDate || d.day > range.endDate) continue;
    const b = buckets.get(bucketStart(d.day, period));
    if (!b) continue;
    for (const c of counters) (b as Record<K, number>)[c] += d[c] ?? 0;
  }
  return [...buckets.values()];
}
