/**
 * A person's Web Push devices (spec 001 §7): registered with the browser's PushSubscription, forgotten
 * by its endpoint, or by the push service saying the endpoint is gone (send.ts). Everything here is
 * by key in the person's partition: no scans.
 */
import { createHash } from 'node:crypto';
import { PUSH_MAX_DEVICES, type PushSubscriptionJson } from '@tandem/shared/push/subscription';
import { PushSubscriptionEntity } from '../../db/entities/push-subscription.ts';
import type { Actor } from '../../lib/actor.ts';

export const endpointHash = (endpoint: string): string =>
  createHash('sha256').update(endpoint).digest('base64url');

export interface StoredPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
}

/** Every device of the person (one Query). */
export async function subscriptionsOf(userId: string): Promise<StoredPushSubscription[]> {
  const { data } = await PushSubscriptionEntity.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/**
 * Registers the device, or gives a registered one its new keys. A person past PUSH_MAX_DEVICES loses
 * the device registered longest ago: old browsers are rarely unsubscribed cleanly.
 */
export async function registerPush(actor: Actor, token: PushSubscriptionJson): Promise<void> {
  const hash = endpointHash(token.endpoint);
  const existing = await subscriptionsOf(actor.userId);
  const others = existing.filter((s) => endpointHash(s.endpoint) !== hash);
  await PushSubscriptionEntity.put({
    userId: actor.userId,
    endpointHash: hash,
    deviceType: 'web',
    endpoint: token.endpoint,
    p256dh: token.keys.p256dh,
    auth: token.keys.auth,
    createdAt: new Date().toISOString(),
  }).go({ response: 'none' });
  const excess = others.length + 1 - PUSH_MAX_DEVICES;
  if (excess > 0) {
    const oldest = [...others].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, excess);
    for (const s of oldest) await forgetEndpoint(actor.userId, s.endpoint);
  }
}

/** Forgets the device with this endpoint; nothing happens when it is not registered. */
export async function forgetEndpoint(userId: string, endpoint: string): Promise<void> {
  await PushSubscriptionEntity.delete({ userId, endpointHash: endpointHash(endpoint) }).go({
    response: 'none',
  });
}

export const unregisterPush = (actor: Actor, endpoint: string) => forgetEndpoint(actor.userId, endpoint);
