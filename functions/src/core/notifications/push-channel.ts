/**
 * The push channel's seam (issue 12 item 5 is built beside this, in core/push/). tell() decides
 * push by each person's settings; it sends through `pushSender` when one is set here. Until it is
 * wired, push is decided but not sent, and tell() does not report it as a channel used.
 *
 * WIRING (after the push work is merged): set `pushSender` to core/push's sender, adapted to this
 * signature. Nothing else in tell() changes.
 */
import type { NotificationTemplate } from '@tandem/shared';

export interface PushMessage {
  notificationId: string | null;
  template: NotificationTemplate;
  title: string;
  body: string;
  /** The link inside the app the push opens. */
  url: string;
}

export type PushSender = (userId: string, message: PushMessage) => Promise<void>;

export const pushSender: PushSender | null = null;
