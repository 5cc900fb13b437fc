/**
 * Tellings queued for the stream consumer (decisions D46): a request whose bundle cannot carry tell()
 * (update-task is at its budget, infra/test/bundles.test.ts) writes one small item, and the consumer
 * tells from the stream (streams/tell-outbox.ts), then deletes it. Used for meeting invitations
 * (template `calendar`): the item carries the e-mail's answer link — the single-use key, which the
 * invitation item keeps only as a hash — for the second or so until the consumer has sent it; it
 * expires after a day if it never is.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../db/client.ts';
import { env } from '../../lib/env.ts';
import { TELL_OUTBOX_SORT_PREFIX } from './outbox-keys.ts';

/** A meeting invitation to tell an attendee (by e-mail address). */
export interface QueuedCalendar {
  template: 'calendar';
  email: string;
  taskId: string;
  taskTitle: string;
  byName: string;
  /** When, as the e-mail says it (in the schedule's zone). */
  when: string;
  /** The page that answers the invitation, with its key (/accept-attendee-invite?key=…); '' on a change. */
  answerPath: string;
  /** Set when the meeting an attendee was invited to has moved: they are told its new time. */
  change?: 'moved';
}

export type QueuedTelling = QueuedCalendar;

const DAY_S = 86_400;

/** Queues a telling under its id (the invitation's key hash: queuing again replaces it). */
export async function queueTelling(id: string, t: QueuedTelling, now = new Date()): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        pk: `TELLOUT#${id}`,
        sk: `${TELL_OUTBOX_SORT_PREFIX}${t.template}`,
        outboxId: id,
        telling: t,
        queuedAt: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + DAY_S,
      },
    }),
  );
}
