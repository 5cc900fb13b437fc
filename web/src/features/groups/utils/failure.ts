/**
 * What a failed group call shows (spec 000 §8): the server's fallback_message in a toast. A limit
 * refusal (a 400 whose detail has current_status met or exceeded) is different: the API client
 * hands it to the subscription popover (features/subscription, LimitPopoverHost), which shows the
 * refusal's own sentence (detail.message) with a way to the plans, so no second message is shown here.
 */
import type { LimitRefusalDetail } from '@tandem/shared/groups/views';
import { ApiError, currentStatusOf } from '../../../lib/api-error.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';

export function limitRefusalOf(err: unknown): LimitRefusalDetail | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const status = currentStatusOf(err.detail);
  return status === 'met' || status === 'exceeded' ? (err.detail as LimitRefusalDetail) : null;
}

export function failureText(err: unknown, fallback: string): string {
  const refusal = limitRefusalOf(err);
  if (refusal && typeof refusal.message === 'string' && refusal.message) return refusal.message;
  return errorText(err, fallback);
}

export function notifyFailure(title: string, err: unknown, fallback: string): void {
  if (limitRefusalOf(err)) return;
  notifyError(title, failureText(err, fallback));
}
