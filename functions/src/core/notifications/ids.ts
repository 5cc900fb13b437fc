/** Notification ids (decisions D39): time-sortable, or derived from a key. */
import { createHash, randomBytes } from 'node:crypto';

/**
 * A time-sortable id: base-36 milliseconds (9 digits, good past the year 5000) and 12 hex digits,
 * random, or derived from `key` so that making the same notification twice (a retried stream
 * record) finds the first.
 */
export function notificationId(at: Date, key?: string): string {
  const time = at.getTime().toString(36).padStart(9, '0');
  const tail = key
    ? createHash('sha256').update(key).digest('hex').slice(0, 12)
    : randomBytes(6).toString('hex');
  return time + tail;
}
