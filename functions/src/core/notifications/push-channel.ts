/**
 * The push channel: tell() decides push by each person's settings and queues it here; the stream
 * consumer sends it to every device of the person (core/push/outbox.ts, streams/push-outbox.ts).
 */

import { randomUUID } from 'node:crypto';
import type { NotificationTemplate } from '@tandem/shared';
import { queuePush } from '../push/outbox.ts';

export interface PushMessage {
  notificationId: string | null;
  template: NotificationTemplate;
  title: string;
  body: string;
  /** The link inside the app the push opens. */
  url: string;
}

/** Queues the push; false when the person has no device to send it to. */
export type PushSender = (userId: string, message: PushMessage) => Promise<boolean>;

export const pushSender: PushSender = (userId, message) =>
  // The notification's id: the same event told again queues the same push, not a second one.
  queuePush(userId, message.notificationId ?? randomUUID(), {
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.notificationId ?? message.template,
  });
