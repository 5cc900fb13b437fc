/**
 * Sends the pushes tell() queued (core/push/outbox.ts; docs/realtime.md "Web Push"): an outbox item
 * inserted becomes a Web Push to every device of its person (core/push/send.ts: one Query for the
 * devices; a gone device is forgotten there). A push is a courtesy: a push service that fails is
 * logged by the sender and the record is not tried again, so one bad device cannot hold up the
 * batch's other events.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { sendPush } from '../core/push/send.ts';
import { PUSH_OUTBOX_SORT_PREFIX } from '../db/table.ts';

interface Queued {
  userId: string;
  title: string;
  body: string;
  url: string;
  tag?: string;
}

function queuedOf(record: DynamoDBRecord): Queued | null {
  const d = record.dynamodb;
  if (record.eventName !== 'INSERT' || !d?.NewImage) return null;
  if (!d.Keys?.sk?.S?.startsWith(PUSH_OUTBOX_SORT_PREFIX)) return null;
  const q = unmarshall(d.NewImage as Record<string, AttributeValue>) as Partial<Queued>;
  if (!q.userId || !q.title || q.body === undefined || !q.url) return null;
  return { userId: q.userId, title: q.title, body: q.body, url: q.url, ...(q.tag ? { tag: q.tag } : {}) };
}

/** Sends the batch's queued pushes, all at once. Returns how many devices took one. */
export async function sendQueuedPushes(records: readonly DynamoDBRecord[]): Promise<number> {
  const queued = records.map(queuedOf).filter((q): q is Queued => q !== null);
  const results = await Promise.all(
    queued.map(({ userId, ...payload }) =>
      sendPush(userId, payload).catch(() => ({ delivered: 0, gone: 0, failures: [] })),
    ),
  );
  return results.reduce((n, r) => n + r.delivered, 0);
}
