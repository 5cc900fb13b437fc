/**
 * When a person's daily normalisation falls: a small module, so user creation can use it. With `Intl`
 * rather than Luxon: every route provisions its caller through here, and Luxon would add 71 KB to
 * each bundle (docs/decisions.md D35). functions/test/unit/day-hours.test.ts holds it to Luxon's
 * answers in every time zone, across the daylight-saving changes.
 */

import { wallClockOf } from '@tandem/shared/time/wall-clock';

/** The person's day is normalised at 03:00 local time (the default beginning routine time). */
export const NORMALIZE_AT_LOCAL_HOUR = 3;

/** The wall clock in `zone` at instant `ms`, as if it were UTC (ms). */
function wallClock(ms: number, zone: string): number {
  const w = wallClockOf(new Date(ms), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The zone's offset from UTC at instant `ms`, in minutes. */
const offsetAt = (ms: number, zone: string) => (wallClock(ms, zone) - Math.floor(ms / 1000) * 1000) / 60000;

/**
 * The instant of a wall-clock time in `zone`, starting from the offset `guess`: the time itself, or
 * when the clocks skip it, the same distance past the change (as Luxon resolves it).
 */
function instantOf(wall: number, guess: number, zone: string): number {
  let utc = wall - guess * 60000;
  const o2 = offsetAt(utc, zone);
  if (guess === o2) return utc;
  utc -= (o2 - guess) * 60000;
  const o3 = offsetAt(utc, zone);
  if (o2 === o3) return utc;
  return wall - Math.min(o2, o3) * 60000;
}

/** The UTC hour bucket ('YYYY-MM-DDTHH') of the next 03:00 in the zone after `now`. */
export function nextDueHour(zone: string, now: Date): string {
  const ms = now.getTime();
  const offset = offsetAt(ms, zone);
  const local = new Date(ms + offset * 60000);
  const today = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    NORMALIZE_AT_LOCAL_HOUR,
  );
  let next = instantOf(today, offset, zone);
  // A day later on the wall clock of that instant (03:00, or where a skipped 03:00 landed).
  if (next <= ms) {
    const o = offsetAt(next, zone);
    next = instantOf(next + o * 60000 + 86_400_000, o, zone);
  }
  return new Date(next).toISOString().slice(0, 13);
}
