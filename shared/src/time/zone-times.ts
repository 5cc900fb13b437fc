/**
 * Wall-clock times placed in a time zone and read back, with the platform's Intl (wall-clock.ts), as
 * Luxon placed them: for the schedule code the Lambda bundles and the web's later chunks carry, so
 * neither needs a date library for it (docs/decisions.md D61). A module of its own, so the web's entry
 * (which reads the wall clock) does not hold these too.
 */
import { isoDayIn, type WallClock, wallClockOf } from './wall-clock.ts';

/** A wall-clock time as milliseconds, the fields read as if UTC ("floating" time; years 0–99 as written). */
export function floatingMs(w: Omit<WallClock, 'second'> & { second?: number }): number {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0));
  if (w.year >= 0 && w.year < 100) d.setUTCFullYear(w.year, w.month - 1, w.day);
  return d.getTime();
}

/**
 * The wall clock of the instant `ms` in `zone` as floating milliseconds; NaN for an instant or a zone
 * the platform does not know.
 */
export function floatingOf(ms: number, zone: string): number {
  if (!Number.isFinite(ms)) return Number.NaN;
  try {
    return floatingMs(wallClockOf(new Date(ms), zone));
  } catch {
    return Number.NaN; // RangeError: a zone Intl does not know
  }
}

/** `zone`'s offset from UTC in minutes at the instant `ms`, counted in whole seconds as Luxon does. */
export function zoneOffset(ms: number, zone: string): number {
  return (floatingOf(ms, zone) - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000;
}

/**
 * The instant of the wall-clock time `wall` (floating milliseconds) in `zone`, placed as Luxon's
 * `DateTime.fromObject(…, { zone })` places it (its fixOffset): from the zone's offset now, corrected
 * twice. A wall time skipped in spring moves forward by the gap; one that happens twice in autumn takes
 * the offset the correction lands on. NaN for a zone the platform does not know.
 */
export function instantOfWall(wall: number, zone: string, now = Date.now()): number {
  const o = zoneOffset(now, zone);
  if (Number.isNaN(o)) return Number.NaN;
  let guess = wall - o * 60_000;
  const o2 = zoneOffset(guess, zone);
  if (o === o2) return guess;
  guess -= (o2 - o) * 60_000;
  const o3 = zoneOffset(guess, zone);
  if (o2 === o3) return guess;
  return wall - Math.min(o2, o3) * 60_000;
}

const wordFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Monday 2 March 2026, 09:00 (Europe/Berlin)": an instant in `zone`, in English words, as e-mails say
 * when something starts (what Luxon's `cccc d LLLL yyyy, HH:mm '('z')'` wrote). "Invalid DateTime" for
 * a bad instant or zone, as Luxon wrote then.
 */
export function dateTimeInWords(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return 'Invalid DateTime';
  let f = wordFormats.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return 'Invalid DateTime'; // RangeError: a zone the platform does not know
    }
    wordFormats.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const { type, value } of f.formatToParts(new Date(ms))) p[type] = value;
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} (${zone})`;
}

/** The calendar day (YYYY-MM-DD) in `zone` of an ISO instant; null for a bad instant or zone. */
export function dayOfInstant(instant: string, zone: string): string | null {
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  try {
    return isoDayIn(new Date(ms), zone);
  } catch {
    return null; // RangeError: a zone the platform does not know
  }
}
