/**
 * The detail of a 400 that refuses a write over a subscription limit (spec 001 §7; shared
 * LimitRefusalDetail), read leniently: the popover shows what is there and never crashes on what is
 * not.
 */
import type { LimitRefusalDetail } from '@tandem/shared/groups/views';
import { LIMIT_EVENTS, type LimitEvent, type LimitStatus } from '@tandem/shared/user/limits';

export interface LimitRefusal {
  status: LimitStatus;
  event: LimitEvent | null;
  limit: number | null;
  count: number | null;
  message: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** null when the detail carries no limit status (met or exceeded): then there is nothing to show. */
export function toLimitRefusal(detail: unknown): LimitRefusal | null {
  if (!isRecord(detail)) return null;
  const d = detail as Partial<
    Record<keyof LimitRefusalDetail | 'current_status' | 'currentStorage', unknown>
  >;
  const status = d.currentStatus ?? d.current_status;
  if (status !== 'met' && status !== 'exceeded') return null;
  const event = LIMIT_EVENTS.includes(d.event as LimitEvent) ? (d.event as LimitEvent) : null;
  return {
    status,
    event,
    limit: num(d.limit),
    count: num(d.currentCount) ?? num(d.currentStorage),
    message: typeof d.message === 'string' && d.message.trim() ? d.message : null,
  };
}
