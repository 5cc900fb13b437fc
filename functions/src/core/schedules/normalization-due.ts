/**
 * Who is due for the daily normalisation: the people whose local 03:00 has come, read page by page
 * from the due-hour index. Apart from normalization.ts so the job that lists them (the fan-out's
 * first step, decisions D34) bundles no writes.
 */
import { DayStateEntity } from '../../db/entities/day-state.ts';

/** A person whose morning has come, as the due index holds them. */
export interface DuePerson {
  userId: string;
  timezone: string;
}

/** Where a walk of the due index stopped: the hour bucket (hours back) and the key in it. */
export interface DueCursor {
  back: number;
  start?: Record<string, unknown>;
}

/** Hour buckets the hourly job looks back over: a run missed for up to a day still happens. */
const DUE_HOURS_BACK = 24;

/**
 * One page of the people whose local 03:00 has come in the last day: the due-hour index (gsi1, one
 * Query per hour bucket, at most `limit` people), oldest bucket first. `next` is null at the end.
 */
export async function duePeoplePage(
  now: Date,
  cursor: DueCursor | null = null,
  limit = 1000,
): Promise<{ people: DuePerson[]; next: DueCursor | null }> {
  const people: DuePerson[] = [];
  let back = cursor?.back ?? DUE_HOURS_BACK;
  let start = cursor?.start;
  while (back >= 0 && people.length < limit) {
    const dueHour = new Date(now.getTime() - back * 3_600_000).toISOString().slice(0, 13); // yyyy-MM-ddTHH, UTC
    const r = await DayStateEntity.query
      .byDueHour({ dueHour })
      .go({ limit: limit - people.length, ...(start ? { cursor: start as never } : {}) });
    people.push(...r.data.map((d) => ({ userId: d.userId, timezone: d.timezone })));
    if (r.cursor) start = r.cursor as never;
    else {
      back--;
      start = undefined;
    }
  }
  return { people, next: back >= 0 ? { back, ...(start ? { start } : {}) } : null };
}
