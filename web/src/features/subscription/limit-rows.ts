/** Rows of the limits table in Settings → Billing and licensing (pure, for tests). */
import type { LimitDetailView, LimitsView } from '@tandem/shared/groups/views';
import { LIMIT_EVENTS, type LimitEvent, STORAGE_EVENTS } from '@tandem/shared/user/limits';
import { currentOf, shownLimitStatus } from './paywall-rules.ts';

export type LimitBadge = 'ok' | 'met' | 'exceeded' | 'notIncluded';

export interface LimitRow {
  event: LimitEvent | string;
  /** The server's title, shown when the event is not one this build knows. */
  title: string;
  used: number;
  limit: number;
  /** Counted in MB. */
  storage: boolean;
  badge: LimitBadge;
}

export const isKnownEvent = (e: string): e is LimitEvent => (LIMIT_EVENTS as readonly string[]).includes(e);

export function limitBadge(d: LimitDetailView): LimitBadge {
  if (!d.hasAccess && currentOf(d) <= d.limit) return 'notIncluded';
  return shownLimitStatus(d);
}

/** In the spec's event order (000 §9); events this build does not know go last, as they came. */
export function limitRows(view: Pick<LimitsView, 'results'> | undefined): LimitRow[] {
  const order = (e: string) => (isKnownEvent(e) ? LIMIT_EVENTS.indexOf(e) : LIMIT_EVENTS.length);
  return [...(view?.results ?? [])]
    .map((d, i) => ({ d, i }))
    .sort((a, b) => order(a.d.event) - order(b.d.event) || a.i - b.i)
    .map(({ d }) => ({
      event: d.event,
      title: d.title,
      used: currentOf(d),
      limit: d.limit,
      storage: d.currentStorage !== undefined || (isKnownEvent(d.event) && STORAGE_EVENTS.includes(d.event)),
      badge: limitBadge(d),
    }));
}
