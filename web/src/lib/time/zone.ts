/**
 * The zone every time on screen is shown in: the person's zone from their settings (issue 11), so
 * someone whose computer is set to another zone still sees their own day. Until the settings load it
 * is the computer's zone. Intl does the zone maths here, which keeps a date library off the routes
 * that need none (Today); Luxon's default zone follows it (lib/time/luxon.ts, the only way features
 * import Luxon).
 */
import { wallClockOf } from '@tandem/shared/time/wall-clock';
import { isValidTimezone } from '@tandem/shared/user/timezone';

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

// Read on first use, not when the code loads: the first formatter is costly until the data is loaded
// (lib/time/warm-intl.ts).
let current: string | undefined;

/** The zone times are shown in now. */
export const displayZone = (): string => (current ??= browserZone());

/** What else keeps a zone of its own (Luxon's default, lib/time/luxon.ts), told of every change. */
const followers = new Set<(zone: string) => void>();

/** Keeps `follow` told of the display zone: now, and at every change. */
export function followDisplayZone(follow: (zone: string) => void): void {
  followers.add(follow);
  follow(displayZone());
}

/** Shows times in `zone` from now on (a zone the platform does not know leaves the computer's). */
export function setDisplayZone(zone: string | null | undefined): string {
  const next = zone && isValidTimezone(zone) ? zone : browserZone();
  if (next !== current) {
    current = next;
    for (const follow of followers) follow(next);
  }
  return next;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock date and time of an instant in `zone`. */
export function wallTime(date: Date, zone: string = displayZone()): WallTime {
  const { year, month, day, hour, minute } = wallClockOf(date, zone);
  return { year, month, day, hour, minute };
}

/** The calendar day of an instant in `zone`, as a day number (days since 1970-01-01). */
export function dayNumber(date: Date, zone: string = displayZone()): number {
  const w = wallTime(date, zone);
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / 86_400_000);
}

/**
 * The instant a wall-clock time in `zone` names. Why two steps: the zone's offset is read at a first
 * guess, then again at the corrected instant, which settles across a daylight-saving change; a wall
 * time skipped in spring moves forward by the gap, as calendar apps do.
 */
export function instantOf(w: WallTime, zone: string = displayZone()): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const offsetAt = (t: number) => {
    const x = wallTime(new Date(t), zone);
    return Date.UTC(x.year, x.month - 1, x.day, x.hour, x.minute) - Math.floor(t / 60_000) * 60_000;
  };
  let t = asUtc - offsetAt(asUtc);
  t = asUtc - offsetAt(t);
  return new Date(t);
}
