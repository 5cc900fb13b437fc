/**
 * Daily task normalisation in the client (spec 001 §4, §7): GET /task/normalization runs once per
 * local day per user, and again when the user's time zone setting changes. The last run is kept in
 * localStorage under the user's id. Pure: the caller reads and writes the storage.
 */
import { PRIORITY_GROUP } from '@tandem/shared/tasks/constants';
import { isoDayIn } from '@tandem/shared/time/wall-clock';
import { KEY_HEADS } from '../../../lib/revalidate.ts';

export interface LastNormalisation {
  /** The local day (YYYY-MM-DD, in the user's zone) it last ran. */
  day: string;
  zone: string;
}

/** Spec 001 §9: the sync message shows for at most 12 s. */
export const SYNC_MESSAGE_MS = 12_000;

export const normalisationStorageKey = (userId: string) => `tandem.normalisation.${userId}`;

/**
 * Today in `zone` (the browser's zone when the zone is unknown). Intl rather than Luxon: this runs
 * at start, before any page that needs Luxon.
 */
export function localDay(now: Date, zone: string): string {
  try {
    return isoDayIn(now, zone);
  } catch {
    return isoDayIn(now);
  }
}

export function parseLast(raw: string | null): LastNormalisation | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<LastNormalisation>;
    return typeof v.day === 'string' && typeof v.zone === 'string' ? { day: v.day, zone: v.zone } : null;
  } catch {
    return null;
  }
}

/** Should it run now? Yes when it never ran for this user, ran on another day, or in another zone. */
export function shouldNormalise(last: LastNormalisation | null, now: Date, zone: string): boolean {
  if (!last) return true;
  if (last.zone !== zone) return true;
  return last.day !== localDay(now, zone);
}

export const markNormalised = (now: Date, zone: string): LastNormalisation => ({
  day: localDay(now, zone),
  zone,
});

/**
 * What to read again after a normalisation that changed the lists of `changed` (priority group ids,
 * as GET /task/normalization answers them): nothing when it changed nothing; otherwise the task keys
 * except the lists of priority groups it did not touch, and the calendar and the limits when routine
 * instances were made (they stand in for the routine's occurrence that day). Decisions D34.
 */
export function staleAfterNormalisation(changed: readonly number[]): (key: unknown) => boolean {
  if (changed.length === 0) return () => false;
  const groups = new Set(changed);
  return (key) => {
    if (!Array.isArray(key)) return false;
    // New routine instances: the calendar shows them, the owner's instance counter counts them.
    if (key[0] === KEY_HEADS.occurrences || key[0] === KEY_HEADS.limits)
      return groups.has(PRIORITY_GROUP.routine);
    if (key[0] !== KEY_HEADS.tasks) return false;
    if (key[1] !== 'list') return true;
    const pg = (key[2] as { priorityGroup?: number } | undefined)?.priorityGroup;
    return pg === undefined || groups.has(Number(pg));
  };
}
