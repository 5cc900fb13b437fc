/** When a person's daily normalisation falls: a small module, so user creation can use it. */
import { DateTime } from 'luxon';

/** The person's day is normalised at 03:00 local time (the default beginning routine time). */
export const NORMALIZE_AT_LOCAL_HOUR = 3;

/** The UTC hour bucket ('YYYY-MM-DDTHH') of the next 03:00 in the zone after `now`. */
export function nextDueHour(zone: string, now: Date): string {
  const local = DateTime.fromJSDate(now, { zone });
  let next = local.set({ hour: NORMALIZE_AT_LOCAL_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 });
  return next.toUTC().toFormat("yyyy-MM-dd'T'HH");
}
