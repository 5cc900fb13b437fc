/**
 * Sends a Web Push to every device of a person (docs/realtime.md "Web Push"): the payload encrypted
 * for each subscription (aes128gcm, RFC 8291) and signed with the deployment's VAPID key, with Node's
 * own crypto (web-push.ts, decisions D61). A push service that
 * answers 404 or 410 says the subscription has ended: it is deleted. Any other failure is logged and
 * returned, so the caller (the notification path) can decide whether to try again.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import type { PushPayload } from '@tandem/shared/push/subscription';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { forgetEndpoint, type StoredPushSubscription, subscriptionsOf } from './subscriptions.ts';
import { vapidKeys, vapidSubject } from './vapid.ts';
import { sendWebPush } from './web-push.ts';

/** A push not delivered within a day is dropped by the push service: a reminder that late is noise. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in this long counts as failed for that device. */
const PUSH_TIMEOUT_MS = 10_000;

export interface PushFailure {
  endpoint: string;
  /** The push service's status, when it answered. */
  status?: number;
  message: string;
}

export interface PushResult {
  /** Devices the push service accepted the push for. */
  delivered: number;
  /** Subscriptions the push service said were gone (404, 410): deleted now. */
  gone: number;
  failures: PushFailure[];
}

let agent: Agent | undefined;
/** Locally, the push recorder's self-signed certificate is trusted (and nothing else is changed). */
function localAgent(): Agent | undefined {
  const ca = env.pushCaFile;
  if (!ca) return undefined;
  agent ??= new Agent({ ca: readFileSync(ca), keepAlive: true });
  return agent;
}

/** A Topic header (RFC 8030 §5.4): base64url, at most 32 characters; a newer push with it replaces an older one. */
const topicOf = (tag: string | undefined) =>
  tag ? tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32) || undefined : undefined;

export async function sendPush(userId: string, payload: PushPayload): Promise<PushResult> {
  const out: PushResult = { delivered: 0, gone: 0, failures: [] };
  const subscriptions = await subscriptionsOf(userId);
  if (subscriptions.length === 0) return out;
  const keys = await vapidKeys();
  const body = JSON.stringify(payload);
  const httpsAgent = localAgent();
  const topic = topicOf(payload.tag);
  const send = (s: StoredPushSubscription) =>
    sendWebPush({ endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, body, {
      vapid: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
      ttl: PUSH_TTL_SECONDS,
      timeout: PUSH_TIMEOUT_MS,
      ...(topic ? { topic } : {}),
      ...(httpsAgent ? { agent: httpsAgent } : {}),
    });
  const results = await Promise.allSettled(subscriptions.map(send));
  await Promise.all(
    results.map(async (r, i) => {
      const s = subscriptions[i]!;
      if (r.status === 'fulfilled') {
        out.delivered++;
        return;
      }
      const status = (r.reason as { statusCode?: number } | null)?.statusCode;
      if (status === 404 || status === 410) {
        await forgetEndpoint(userId, s.endpoint);
        out.gone++;
        return;
      }
      const failure: PushFailure = {
        endpoint: s.endpoint,
        ...(status !== undefined ? { status } : {}),
        message: r.reason instanceof Error ? r.reason.message : String(r.reason),
      };
      logger.warn('a push was not delivered', { userId, ...failure });
      out.failures.push(failure);
    }),
  );
  return out;
}
