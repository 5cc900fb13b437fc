/**
 * EventBridge cron expressions, so the local scheduler fires jobs when EventBridge Scheduler would.
 * Six fields, in UTC: minutes hours day-of-month month day-of-week year. Day-of-week counts from
 * 1 = Sunday (not 0 as in Unix cron), and exactly one of the two day fields is '?'. Supported:
 * '*', '?', values, names (JAN, MON), lists, ranges and steps ('0/15', '*\/5', '1-5/2'); the
 * rarely used 'L', 'W' and '#' are refused with a clear error rather than misread.
 *
 * The next fire time is found by walking forward and skipping, at each level, to the start of the
 * next year, month, day or hour that could match, so even a yearly schedule takes a few hundred
 * steps, not a minute-by-minute scan.
 */

export interface CronSchedule {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  /** null: '?' (the day is chosen by day-of-week). */
  daysOfMonth: ReadonlySet<number> | null;
  months: ReadonlySet<number>;
  /** 1 = Sunday … 7 = Saturday; null: '?'. */
  daysOfWeek: ReadonlySet<number> | null;
  /** null: '*' (any year). */
  years: ReadonlySet<number> | null;
}

export class CronError extends Error {}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: FieldSpec[] = [
  { name: 'minutes', min: 0, max: 59 },
  { name: 'hours', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  { name: 'day-of-week', min: 1, max: 7, names: DAY_NAMES },
  { name: 'year', min: 1970, max: 2199 },
];

function value(token: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(token.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + 1 : /^\d+$/.test(token) ? Number(token) : Number.NaN;
  if (Number.isNaN(n) && /[LW#]/i.test(token)) {
    throw new CronError(`"${token}": L, W and # are not supported in ${spec.name}`);
  }
  if (!Number.isInteger(n) || n < spec.min || n > spec.max) {
    throw new CronError(`"${token}" is not a valid ${spec.name} (${spec.min}-${spec.max})`);
  }
  return n;
}

/** One field into the set of values it allows. */
function parseField(field: string, spec: FieldSpec): Set<number> {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (range === undefined || range === '' || extra !== undefined)
      throw new CronError(`"${part}" is not valid`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1)
      throw new CronError(`"${part}": the step must be a positive integer`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-');
      from = value(a ?? '', spec);
      to = value(b ?? '', spec);
      if (from > to) throw new CronError(`"${part}": the range runs backwards`);
    } else {
      from = value(range, spec);
      // "5/15" means every 15 from 5 to the end of the range.
      to = stepText === undefined ? from : spec.max;
    }
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

export function parseCron(expression: string): CronSchedule {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 6) {
    throw new CronError(
      `"${expression}": EventBridge cron has 6 fields (minutes hours day-of-month month day-of-week year)`,
    );
  }
  const [min, hour, dom, month, dow, year] = fields as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) {
    throw new CronError(`"${expression}": exactly one of day-of-month and day-of-week must be '?'`);
  }
  const specs = FIELDS as [FieldSpec, FieldSpec, FieldSpec, FieldSpec, FieldSpec, FieldSpec];
  if ([min, hour, month, year].includes('?')) {
    throw new CronError(`"${expression}": '?' is only allowed in the day fields`);
  }
  return {
    minutes: parseField(min, specs[0]),
    hours: parseField(hour, specs[1]),
    daysOfMonth: dom === '?' ? null : parseField(dom, specs[2]),
    months: parseField(month, specs[3]),
    daysOfWeek: dow === '?' ? null : parseField(dow, specs[4]),
    years: year === '*' ? null : parseField(year, specs[5]),
  };
}

function dayMatches(s: CronSchedule, t: Date): boolean {
  if (s.daysOfMonth) return s.daysOfMonth.has(t.getUTCDate());
  return s.daysOfWeek?.has(t.getUTCDay() + 1) ?? true;
}

/** The first fire time strictly after `after` (whole minutes, UTC), or null if there is none before 2200. */
export function nextFireTime(schedule: CronSchedule, after: Date): Date | null {
  const MINUTE = 60_000;
  let t = new Date(Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE);
  // Each step moves to the next year, month, day, hour or minute; 2200 is EventBridge's last year.
  while (t.getUTCFullYear() < 2200) {
    const y = t.getUTCFullYear();
    const m = t.getUTCMonth();
    const d = t.getUTCDate();
    const h = t.getUTCHours();
    if (schedule.years && !schedule.years.has(y)) t = new Date(Date.UTC(y + 1, 0, 1));
    else if (!schedule.months.has(m + 1)) t = new Date(Date.UTC(y, m + 1, 1));
    else if (!dayMatches(schedule, t)) t = new Date(Date.UTC(y, m, d + 1));
    else if (!schedule.hours.has(h)) t = new Date(Date.UTC(y, m, d, h + 1));
    else if (!schedule.minutes.has(t.getUTCMinutes())) t = new Date(t.getTime() + MINUTE);
    else return t;
  }
  return null;
}
