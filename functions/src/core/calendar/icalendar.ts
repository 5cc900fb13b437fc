/**
 * iCalendar (RFC 5545) text for the calendar feed, written for what calendar apps read:
 * - one VEVENT per scheduled task: a series is ONE event with its RRULE, EXDATE and RDATE, so the app
 *   expands it as far as it likes and across every daylight-saving change;
 * - timed events in the schedule's own zone (TZID) with a VTIMEZONE built from the platform's zone data
 *   (Intl, through wall-clock.ts: the same data the API expands occurrences with), so both agree;
 * - all-day events as DATE values, the day in the schedule's zone (not the day of the UTC instant);
 * - lines folded at 75 octets between characters, never inside one (a UTF-8 sequence or a surrogate
 *   pair split in two reads as replacement characters).
 */
import type { Schedule } from '@tandem/shared/time/recurrence';
import { floatingMs, floatingOf, instantOfWall, zoneOffset } from '@tandem/shared/time/zone-times';

export interface FeedEvent {
  taskId: string;
  title: string;
  description: string;
  category: string;
  schedule: Schedule;
  /** A meeting's invitation: who calls it. */
  organizer?: { name: string; email: string };
  /** A meeting's invitation: the invited and their answers. */
  attendees?: ReadonlyArray<{ email: string; status: 'pending' | 'accepted' | 'refused' }>;
}

/** An invitation's answer as RFC 5545's PARTSTAT. */
const PARTSTAT = { pending: 'NEEDS-ACTION', accepted: 'ACCEPTED', refused: 'DECLINED' } as const;

/** A CN parameter: quoted, without the quotes and controls a parameter value cannot hold. */
const cn = (name: string) => `"${name.replace(/["\p{Cc}]/gu, '')}"`;

/** The ORGANIZER and ATTENDEE lines of a meeting's invitation (RFC 5545 §3.8.4.1, §3.8.4.3). */
const people = (e: FeedEvent): string[] => [
  ...(e.organizer ? [`ORGANIZER;CN=${cn(e.organizer.name)}:mailto:${e.organizer.email}`] : []),
  ...(e.attendees ?? []).map(
    (a) => `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${PARTSTAT[a.status]};RSVP=TRUE:mailto:${a.email}`,
  ),
];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

// Times as milliseconds; a wall-clock time as "floating" milliseconds (its fields read as UTC).
/** yyyyMMddTHHmmss of floating milliseconds. */
const stampOf = (floating: number) => new Date(floating).toISOString().slice(0, 19).replace(/[-:]/g, '');
const utcStamp = (ms: number) => `${stampOf(ms)}Z`;
const localStamp = (ms: number, zone: string) => stampOf(floatingOf(ms, zone));
const dateStamp = (ms: number, zone: string) => stampOf(floatingOf(ms, zone)).slice(0, 8);

const shortNames = new Map<string, Intl.DateTimeFormat>();
/** The zone's short name at `ms` ("EST", "GMT+2"), in English. */
function shortName(ms: number, zone: string): string | undefined {
  let f = shortNames.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short', hourCycle: 'h23' });
    shortNames.set(zone, f);
  }
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value;
}

/** Summer time at `ms`: the offset is above that of 1 January or of May at the same wall time. */
function inDaylightTime(ms: number, zone: string): boolean {
  const offset = zoneOffset(ms, zone);
  const w = new Date(floatingOf(ms, zone));
  const at = (month: number, day: number) =>
    zoneOffset(
      instantOfWall(
        floatingMs({
          year: w.getUTCFullYear(),
          month,
          day,
          hour: w.getUTCHours(),
          minute: w.getUTCMinutes(),
          second: w.getUTCSeconds(),
        }),
        zone,
        ms,
      ),
      zone,
    );
  return offset > at(1, 1) || offset > at(5, w.getUTCDate());
}

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
export function vtimezone(zone: string, from: number, to: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const offsetAt = (ms: number) => zoneOffset(ms, zone);
  const observance = (ms: number, fromOffset: number, toOffset: number) => {
    const kind = inDaylightTime(ms, zone) ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // An observance's DTSTART is a local time read in the offset before it (TZOFFSETFROM).
      `DTSTART:${stampOf(ms + fromOffset * MINUTE_MS)}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `TZNAME:${shortName(ms, zone) ?? offsetText(toOffset)}`,
      `END:${kind}`,
    );
  };
  const start = Math.floor(from / DAY_MS) * DAY_MS; // the UTC day it falls on
  const end = to;
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
      const [d, t = '000000'] = [m[1]!, m[2]];
      const until = Date.UTC(
        +d.slice(0, 4),
        +d.slice(4, 6) - 1,
        +d.slice(6, 8),
        +t.slice(0, 2),
        +t.slice(2, 4),
        +t.slice(4, 6),
      );
      return `UNTIL=${s.allDay ? dateStamp(until, s.timezone) : utcStamp(until)}`;
    });
  return `RRULE:${parts.join(';')}`;
}

function eventLines(e: FeedEvent, now: Date): string[] {
  const s = e.schedule;
  const zone = s.timezone;
  const start = Date.parse(s.startDate);
  const dates = (list: readonly string[] | undefined, name: 'EXDATE' | 'RDATE') => {
    if (!list?.length) return [];
    const values = list.map((d) =>
      s.allDay ? dateStamp(Date.parse(d), zone) : localStamp(Date.parse(d), zone),
    );
    return [s.allDay ? `${name};VALUE=DATE:${values.join(',')}` : `${name};TZID=${zone}:${values.join(',')}`];
  };
  return [
    'BEGIN:VEVENT',
    `UID:${e.taskId}@tandem`,
    `DTSTAMP:${utcStamp(now.getTime())}`,
    ...(s.allDay
      ? [
          `DTSTART;VALUE=DATE:${dateStamp(start, zone)}`,
          // The next calendar day: a day added to the wall clock.
          `DTEND;VALUE=DATE:${stampOf(floatingOf(start, zone) + DAY_MS).slice(0, 8)}`,
        ]
      : [`DTSTART;TZID=${zone}:${localStamp(start, zone)}`, `DURATION:PT${s.duration}M`]),
    ...(s.recurRule ? [rruleLine(s)] : []),
    ...dates(s.exDate, 'EXDATE'),
    ...dates(s.rDate, 'RDATE'),
    `SUMMARY:${text(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    ...(e.category ? [`CATEGORIES:${text(e.category)}`] : []),
    ...people(e),
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
  // Ten years on (29 February to 28 February), in UTC.
  const horizonDate = new Date(now.getTime());
  horizonDate.setUTCFullYear(now.getUTCFullYear() + 10);
  if (horizonDate.getUTCDate() !== now.getUTCDate()) horizonDate.setUTCDate(0);
  const horizon = horizonDate.getTime();
  const earliest = new Map<string, number>();
  for (const e of events) {
    if (e.schedule.allDay) continue;
    const s = e.schedule;
    const first = Math.min(...[s.startDate, ...(s.rDate ?? [])].map((d) => Date.parse(d)));
    const known = earliest.get(s.timezone);
    if (known === undefined || first < known) earliest.set(s.timezone, first);
  }
  for (const [zone, from] of [...earliest].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(...vtimezone(zone, from - DAY_MS, horizon));
  }
  for (const e of events) lines.push(...eventLines(e, now));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
