/**
 * A schedule's RRULE in words for the appointment popup: the options our schedule form writes
 * (buildRecurRule: FREQ daily/weekly/monthly, INTERVAL, BYDAY, BYMONTHDAY, COUNT or UNTIL).
 * Pure: the words come from the caller's translate function, the until date from its formatter.
 */
import { DateTime } from '../../../lib/time/luxon.ts';

export type TextFn = (key: string, vars?: Record<string, string | number>) => string;

export interface ParsedRule {
  freq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval: number;
  weekdays: string[];
  monthDay: number | null;
  count: number | null;
  until: Date | null;
}

const WEEKDAY_ORDER = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const FREQS = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' } as const;

function parseUntil(raw: string): Date | null {
  const utc = /Z$/.test(raw);
  const fmt = raw.includes('T') ? "yyyyMMdd'T'HHmmss" : 'yyyyMMdd';
  const d = DateTime.fromFormat(raw.replace(/Z$/, ''), fmt, utc ? { zone: 'utc' } : {});
  return d.isValid ? d.toJSDate() : null;
}

/** The rule's parts, or null when it is empty or not one we can read. */
export function parseRule(rule: string | null | undefined): ParsedRule | null {
  if (!rule) return null;
  // The body may come with an 'RRULE:' prefix, or as one line of several (DTSTART…).
  const line = rule
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => /FREQ=/i.test(l));
  if (!line) return null;
  const parts = new Map<string, string>();
  for (const p of line.replace(/^RRULE:/i, '').split(';')) {
    const [k, v] = p.split('=');
    if (k && v !== undefined) parts.set(k.trim().toUpperCase(), v.trim());
  }
  const freq = FREQS[(parts.get('FREQ') ?? '').toUpperCase() as keyof typeof FREQS];
  if (!freq) return null;
  const interval = Math.max(1, Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1);
  const weekdays = (parts.get('BYDAY') ?? '')
    .split(',')
    .map((d) => d.trim().toUpperCase().slice(-2))
    .filter((d) => WEEKDAY_ORDER.includes(d))
    .sort((a, b) => WEEKDAY_ORDER.indexOf(a) - WEEKDAY_ORDER.indexOf(b));
  const monthDayRaw = Number.parseInt(parts.get('BYMONTHDAY') ?? '', 10);
  const countRaw = Number.parseInt(parts.get('COUNT') ?? '', 10);
  const untilRaw = parts.get('UNTIL');
  return {
    freq,
    interval,
    weekdays: [...new Set(weekdays)],
    monthDay: Number.isFinite(monthDayRaw) ? monthDayRaw : null,
    count: Number.isFinite(countRaw) && countRaw > 0 ? countRaw : null,
    until: untilRaw ? parseUntil(untilRaw) : null,
  };
}

/**
 * 'Every day', 'Every 3 days', 'Every week on Mon, Thu', 'Every month on day 15', then
 * ', until 31/12/2026' or ', 5 times'. Null when the task does not repeat.
 */
export function recurrenceText(
  rule: string | null | undefined,
  t: TextFn,
  formatDate: (d: Date) => string,
): string | null {
  const r = parseRule(rule);
  if (!r) return null;
  let text = t(`recurrence.${r.freq}`, { count: r.interval });
  if (r.freq === 'weekly' && r.weekdays.length > 0) {
    const days = r.weekdays.map((d) => t(`recurrence.weekdays.${d}`)).join(', ');
    text += t('recurrence.onDays', { days });
  }
  if (r.freq === 'monthly' && r.monthDay !== null) {
    text += t('recurrence.onMonthDay', { day: r.monthDay });
  }
  if (r.until) text += t('recurrence.until', { date: formatDate(r.until) });
  else if (r.count !== null) text += t('recurrence.times', { count: r.count });
  return text;
}
