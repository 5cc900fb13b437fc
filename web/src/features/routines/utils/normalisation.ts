/**
 * Daily task normalisation in the client (spec 001 §4, §7): GET /task/normalization runs once per
 * local day per user, and again when the user's time zone setting changes. The last run is kept in
 * localStorage under the user's id. Pure: the caller reads and writes the storage.
 */
export interface LastNormalisation {
  /** The local day (YYYY-MM-DD, in the user's zone) it last ran. */
  day: string;
  zone: string;
}

/** Spec 001 §9: the sync message shows for at most 12 s. */
export const SYNC_MESSAGE_MS = 12_000;

export const normalisationStorageKey = (userId: string) => `tandem.normalisation.${userId}`;

const dayIn = (now: Date, timeZone: string | undefined): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/**
 * Today in `zone` (the browser's zone when the zone is unknown). Intl rather than Luxon: this runs
 * at start, before any page that needs Luxon.
 */
export function localDay(now: Date, zone: string): string {
  try {
    return dayIn(now, zone);
  } catch {
    return dayIn(now, undefined);
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
