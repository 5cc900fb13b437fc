/**
 * iCalendar (RFC 5545) text for the calendar feed, written for what calendar apps read:
 * - one VEVENT per scheduled task: a series is ONE event with its RRULE, EXDATE and RDATE, so the app
 *   expands it as far as it likes and across every daylight-saving change;
 * - timed events in the schedule's own zone (TZID) with a VTIMEZONE built from the platform's zone data
 *   (Intl, through Luxon: the same data the API expands occurrences with), so both agree;
 * - all-day events as DATE values, the day in the schedule's zone (not the day of the UTC instant);
 * - lines folded at 75 octets between characters, never inside one (a UTF-8 sequence or a surrogate
 *   pair split in two reads as replacement characters).
 */
import type { Schedule } from '@tandem/shared/time/recurrence';
import { DateTime, IANAZone } from 'luxon';

export interface FeedEvent {
  taskId: string;
  title: string;
  description: string;
  category: string;
  schedule: Schedule;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const utcStamp = (dt: DateTime) => dt.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
const localStamp = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");
const dateStamp = (dt: DateTime) => dt.toFormat('yyyyMMdd');
const inZone = (instant: string, zone: string) => DateTime.fromISO(instant, { setZone: true }).setZone(zone);

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), only between whole characters. */
export function fold(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  // for…of walks code points, so a surrogate pair (an emoji) is never cut in two.
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
      limit = 74; // the continuation line's leading space is the 75th octet
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/**
 * VTIMEZONE for `zone` over [from, to]: the offset in force at `from`, then each transition in the span
 * (found day by day, then to the minute), as observances with their own DTSTART. Calendar apps use the
 * last observance past the span; the span runs ten years past the feed's date.
 */
export function vtimezone(zone: string, from: DateTime, to: DateTime): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const tz = IANAZone.create(zone);
  const offsetAt = (ms: number) => tz.offset(ms);
  const observance = (ms: number, fromOffset: number, toOffset: number) => {
    const at = DateTime.fromMillis(ms, { zone });
    const kind = at.isInDST ? 'DAYLIGHT' : 'STANDARD';
    // An observance's DTSTART is a local time read in the offset before it (TZOFFSETFROM).
    const local = DateTime.fromMillis(ms + fromOffset * MINUTE_MS, { zone: 'UTC' });
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(local)}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `TZNAME:${at.offsetNameShort ?? offsetText(toOffset)}`,
      `END:${kind}`,
    );
  };
  const start = from.toUTC().startOf('day').toMillis();
  const end = to.toMillis();
  let previous = offsetAt(start);
  observance(start, previous, previous);
  for (let t = start + DAY_MS; t <= end + DAY_MS; t += DAY_MS) {
    const offset = offsetAt(t);
    if (offset === previous) continue;
    // The change lies in (t - 1 day, t]: narrow it to the minute.
    let lo = t - DAY_MS;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(mid) === previous) lo = mid;
      else hi = mid;
    }
    observance(hi, previous, offset);
    previous = offset;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The RRULE body with UNTIL written as RFC 5545 wants it: UTC for a zoned start, a date for an all-day one. */
function rruleLine(s: Schedule): string {
  const parts = s
    .recurRule!.replace(/^RRULE:/i, '')
    .split(';')
    .filter((p) => p && !/^(DTSTART|TZID)=/i.test(p))
    .map((p) => {
      const m = /^UNTIL=(\d{8})(?:T(\d{6})Z?)?$/i.exec(p);
      if (!m) return p;
      // Stored UNTIL is an instant in UTC (how the API's expansion reads it).
      const until = DateTime.fromFormat(`${m[1]}${m[2] ?? '000000'}`, 'yyyyMMddHHmmss', { zone: 'UTC' });
      return `UNTIL=${s.allDay ? dateStamp(until.setZone(s.timezone)) : utcStamp(until)}`;
    });
  return `RRULE:${parts.join(';')}`;
}

function eventLines(e: FeedEvent, now: Date): string[] {
  const s = e.schedule;
  const zone = s.timezone;
  const start = inZone(s.startDate, zone);
  const dates = (list: readonly string[] | undefined, name: 'EXDATE' | 'RDATE') => {
    if (!list?.length) return [];
    const values = list.map((d) => (s.allDay ? dateStamp(inZone(d, zone)) : localStamp(inZone(d, zone))));
    return [s.allDay ? `${name};VALUE=DATE:${values.join(',')}` : `${name};TZID=${zone}:${values.join(',')}`];
  };
  return [
    'BEGIN:VEVENT',
    `UID:${e.taskId}@tandem`,
    `DTSTAMP:${utcStamp(DateTime.fromJSDate(now))}`,
    ...(s.allDay
      ? [`DTSTART;VALUE=DATE:${dateStamp(start)}`, `DTEND;VALUE=DATE:${dateStamp(start.plus({ days: 1 }))}`]
      : [`DTSTART;TZID=${zone}:${localStamp(start)}`, `DURATION:PT${s.duration}M`]),
    ...(s.recurRule ? [rruleLine(s)] : []),
    ...dates(s.exDate, 'EXDATE'),
    ...dates(s.rDate, 'RDATE'),
    `SUMMARY:${text(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    ...(e.category ? [`CATEGORIES:${text(e.category)}`] : []),
    'END:VEVENT',
  ];
}

/** The calendar: one VTIMEZONE per zone a timed event uses, then one VEVENT per scheduled task. */
export function toICalendar(events: FeedEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tandem//Tasks//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Tandem',
  ];
  const horizon = DateTime.fromJSDate(now).plus({ years: 10 });
  const earliest = new Map<string, DateTime>();
  for (const e of events) {
    if (e.schedule.allDay) continue;
    const s = e.schedule;
    const first = [s.startDate, ...(s.rDate ?? [])]
      .map((d) => DateTime.fromISO(d, { setZone: true }))
      .reduce((a, b) => (b < a ? b : a));
    const known = earliest.get(s.timezone);
    if (!known || first < known) earliest.set(s.timezone, first);
  }
  for (const [zone, from] of [...earliest].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(...vtimezone(zone, from.minus({ days: 1 }), horizon));
  }
  for (const e of events) lines.push(...eventLines(e, now));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
