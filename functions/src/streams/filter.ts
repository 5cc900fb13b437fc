/**
 * Which stream records the live consumer is given (docs/realtime.md): one definition, read by infra
 * for the event source mapping's filter (RealtimeStack) and by the local runner (scripts/src/local/
 * streams.ts), so the two cannot drift. Items are told apart by their sort key as ElectroDB writes it
 * (lower case). A module of the consumer that needs another kind of item adds its key here.
 */

import { TELL_OUTBOX_SORT_PREFIX } from '../core/notifications/outbox-keys.ts';
import {
  MESSAGE_SORT_KEY_PREFIX,
  NOTIFICATION_SORT_PREFIX,
  PUSH_OUTBOX_SORT_PREFIX,
  TASK_SORT_KEY,
} from '../db/table.ts';

/**
 * Sort keys let through whole: a task item, a group item (with its roster), a user item (whose avatar
 * is copied where their name is: avatar-copies.ts, D48), an attachment item (attachment-events.ts).
 */
export const LIVE_EXACT_SORT_KEYS: readonly string[] = [
  TASK_SORT_KEY,
  'group',
  'profile',
  'attach',
  // A curriculum item (its removal takes its files: curriculum-attachment-cleanup.ts, D72).
  'curriculum',
];
/** Sort keys let through by their start: a person's placement of a task (`utask#<taskId>`), a chat message, a notification, a push waiting to go out, a telling queued by a request, a person's membership of a group (`groupm#<groupId>`). */
export const LIVE_SORT_KEY_PREFIXES: readonly string[] = [
  'utask#',
  MESSAGE_SORT_KEY_PREFIX,
  NOTIFICATION_SORT_PREFIX,
  PUSH_OUTBOX_SORT_PREFIX,
  TELL_OUTBOX_SORT_PREFIX,
  'groupm#',
];

/** The event source mapping's filter pattern (one pattern: the values of `S` are alternatives). */
export const LIVE_STREAM_FILTER = {
  dynamodb: {
    Keys: {
      sk: { S: [...LIVE_EXACT_SORT_KEYS, ...LIVE_SORT_KEY_PREFIXES.map((prefix) => ({ prefix }))] },
    },
  },
} as const;

/** Whether a record with these keys passes the filter (the local runner's and the handler's check). */
export function acceptsLiveKeys(keys: { sk?: { S?: string } } | undefined): boolean {
  const sk = keys?.sk?.S;
  if (sk === undefined) return false;
  return LIVE_EXACT_SORT_KEYS.includes(sk) || LIVE_SORT_KEY_PREFIXES.some((p) => sk.startsWith(p));
}
