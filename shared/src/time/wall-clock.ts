/**
 * The wall clock of an instant in a time zone, with the platform's Intl (no date library): for the
 * code that must stay small — Lambda bundles that provision users, and the web's start-up path.
 * One formatter per zone, made on first use.
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date and time on a clock in `zone` (the platform's zone when undefined) at `date`. */
export function wallClockOf(date: Date, zone?: string): WallClock {
  const key = zone ?? '';
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(key, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(date)) p[type] = Number(value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** The calendar day of `date` in `zone` as 'YYYY-MM-DD'. */
export function isoDayIn(date: Date, zone?: string): string {
  const w = wallClockOf(date, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
