/**
 * Tellings queued by requests (core/notifications/outbox.ts; decisions D46), told from the stream: a
 * meeting invitation becomes tell() with template `calendar` to the attendee's address — e-mailed
 * whatever the switch (its link is the only way to answer), and in the app when the address has an
 * account and its settings say so. Then the item is deleted (the answer link leaves the table).
 *
 * Requests per queued item: tell()'s (a Query for the address's account, the notification's PutItem)
 * and one DeleteItem. The notification's id derives from the item's id, so a retried record makes no
 * second one and sends no second e-mail. A failure is reported as a batch item failure.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { senderName } from '../core/access/roster.ts';
import { calendarMail } from '../core/notifications/mails.ts';
import type { QueuedTelling } from '../core/notifications/outbox.ts';
import { TELL_OUTBOX_SORT_PREFIX } from '../core/notifications/outbox-keys.ts';
import { tell } from '../core/notifications/tell.ts';
import { documentClient } from '../db/client.ts';
import { env } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';

type Image = Record<string, AttributeValue>;

interface Queued {
  sequenceNumber: string;
  key: { pk: string; sk: string };
  id: string;
  telling: QueuedTelling;
  queuedAt: string;
}

function queuedOf(record: DynamoDBRecord): Queued | null {
  const d = record.dynamodb;
  if (record.eventName !== 'INSERT' || !d?.NewImage) return null;
  if (!d.Keys?.sk?.S?.startsWith(TELL_OUTBOX_SORT_PREFIX)) return null;
  const item = unmarshall(d.NewImage as Image) as {
    pk: string;
    sk: string;
    outboxId: string;
    telling: QueuedTelling;
    queuedAt: string;
  };
  if (!item.telling || !item.outboxId) return null;
  return {
    sequenceNumber: d.SequenceNumber ?? '',
    key: { pk: item.pk, sk: item.sk },
    id: item.outboxId,
    telling: item.telling,
    queuedAt: item.queuedAt,
  };
}

async function tellOne(q: Queued): Promise<void> {
  const t = q.telling;
  await tell({
    template: t.template,
    subject: { type: 'task', id: t.taskId },
    variables: {
      taskTitle: t.taskTitle,
      byName: t.byName,
      when: t.when,
      answerPath: t.answerPath,
      ...(t.change ? { change: t.change } : {}),
    },
    to: [{ email: t.email }],
    mail: (email) => calendarMail(email, t),
    push: {
      title: `${senderName(t.byName)} ${t.change === 'moved' ? 'moved' : 'invited you:'} ${t.taskTitle}`,
      body: t.when,
    },
    key: `${t.template}:${q.id}`,
    now: new Date(q.queuedAt),
  });
  await documentClient.send(new DeleteCommand({ TableName: env.tableName, Key: q.key }));
}

/** Tells what the batch queued; each failed item is reported (and comes again). */
export async function sendQueuedTellings(
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const queued = records.map(queuedOf).filter((q): q is Queued => q !== null);
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    queued.map(async (q) => {
      try {
        await tellOne(q);
      } catch (e) {
        logger.warn('queued telling not sent; the record is tried again', {
          template: q.telling.template,
          error: String(e),
        });
        failures.push({ itemIdentifier: q.sequenceNumber });
      }
    }),
  );
  return failures;
}
