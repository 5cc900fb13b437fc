/**
 * Pushes wait in an outbox item until the stream consumer sends them (streams/push-outbox.ts;
 * docs/realtime.md "Web Push"). tell() queues; only the consumer carries the push sender, so the routes and
 * jobs that tell people stay within their bundle budget (decisions D42) and a slow push service never
 * holds up a request.
 */
import type { PushPayload } from '@tandem/shared/push/subscription';
import { PushOutboxEntity } from '../../db/entities/push-subscription.ts';
import { subscriptionsOf } from './subscriptions.ts';

/** A push not sent within a day is not worth sending (the push service's TTL says the same). */
const OUTBOX_TTL_SECONDS = 24 * 60 * 60;

/**
 * Queues a push for every device of the person: one Query for the devices, one PutItem when there is
 * any. Returns whether one was queued (a person without a device gets none). `pushId` makes a retry
 * of the same event queue the same item, not a second push.
 */
export async function queuePush(userId: string, pushId: string, payload: PushPayload): Promise<boolean> {
  if ((await subscriptionsOf(userId)).length === 0) return false;
  await PushOutboxEntity.put({
    userId,
    pushId,
    title: payload.title,
    body: payload.body,
    url: payload.url,
    ...(payload.tag ? { tag: payload.tag } : {}),
    ttl: Math.floor(Date.now() / 1000) + OUTBOX_TTL_SECONDS,
  }).go();
  return true;
}
