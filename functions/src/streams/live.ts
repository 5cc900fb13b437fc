/**
 * The table's stream consumer (ARCHITECTURE §7, docs/realtime.md): turns changes of task items into
 * events and posts them to the sockets of everyone who may see the task. The write path does not know
 * who listens; this does. In AWS a Lambda event source mapping calls it with batches of stream records
 * (filtered to task items); locally scripts/src/local/streams.ts reads DynamoDB Local's stream and
 * calls it with the same event shape.
 *
 * Requests per batch, whatever its size up to 100 records: one BatchGetItem for the groups of its
 * tasks, one for the presence items (open connections) of everyone who must hear, and one Query per
 * e-mail address invited to one of the tasks and not yet answered; and for each deleted task, the
 * removal of its attachments (attachment-cleanup.ts: one Query, then per file one transaction and
 * one S3 delete). Delivery is at least once: a record
 * whose posts fail (other than a closed socket) is reported as a batch item failure and comes again,
 * and clients drop an event whose id they have seen.
 */

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { TaskRecord } from '../core/access/task-access.ts';
import { groupsById } from '../core/access/task-access.ts';
import { connectionsOf, sendToUsers } from '../core/ws/connections.ts';
import { UserEntity } from '../db/entities/user.ts';
import { TASK_SORT_KEY } from '../db/table.ts';
import { logger } from '../lib/logger.ts';
import { removeFilesOfDeletedTasks } from './attachment-cleanup.ts';
import { audienceOf, groupsOf, invitedEmailsOf, type TaskChange, taskEvent } from './task-events.ts';

type Image = Record<string, AttributeValue>;

/** ElectroDB marks each item with its entity's name. */
const ENTITY_ATTRIBUTE = '__edb_e__';

const isTaskItem = (keys: Image | undefined) =>
  keys?.sk?.S === TASK_SORT_KEY && (keys.pk?.S?.startsWith(`${TASK_SORT_KEY}#`) ?? false);

/** The stored task of an image (the attributes as ElectroDB wrote them), or undefined for another entity. */
function taskOf(image: Image | undefined): TaskRecord | undefined {
  if (!image) return undefined;
  const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
  return item[ENTITY_ATTRIBUTE] === 'task' ? (item as unknown as TaskRecord) : undefined;
}

/** The record as a task change, or null when it is not a task item. */
export function taskChangeOf(record: DynamoDBRecord): TaskChange | null {
  const d = record.dynamodb;
  if (!d || !isTaskItem(d.Keys as Image | undefined) || !record.eventName) return null;
  const oldTask = taskOf(d.OldImage as Image | undefined);
  const newTask = taskOf(d.NewImage as Image | undefined);
  if (!oldTask && !newTask) return null;
  return {
    eventId: record.eventID ?? `${d.SequenceNumber}`,
    sequenceNumber: d.SequenceNumber ?? '',
    kind: record.eventName,
    writtenAt: d.ApproximateCreationDateTime,
    oldTask,
    newTask,
  };
}

async function usersByEmail(emails: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(
    emails.map(async (email) => {
      const { data } = await UserEntity.query.byEmail({ email }).go({ limit: 1 });
      return [email, data[0]?.userId] as const;
    }),
  );
  return new Map(found.filter((e): e is readonly [string, string] => !!e[1]));
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const changes = event.Records.map(taskChangeOf).filter((c): c is TaskChange => c !== null);
  if (changes.length === 0) return { batchItemFailures: [] };

  // The reads for the whole batch at once; a failure here fails every record (all come again).
  const [groups, invited] = await Promise.all([
    groupsById(changes.flatMap(groupsOf)),
    usersByEmail([...new Set(changes.flatMap(invitedEmailsOf))]),
  ]);
  const audiences = changes.map((c) => audienceOf(c, groups, invited));
  const connections = await connectionsOf(audiences.flat());

  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] =
    await removeFilesOfDeletedTasks(changes);
  // In stream order, so a socket hears a task's changes in the order they were written.
  for (const [i, change] of changes.entries()) {
    const listeners = audiences[i]!.filter((u) => connections.has(u));
    if (listeners.length === 0) continue;
    const message = taskEvent(change);
    try {
      const { failures } = await sendToUsers(listeners, { ...message }, connections);
      if (failures.length > 0) throw new AggregateError(failures, 'posts to connections failed');
    } catch (e) {
      logger.warn('live update not delivered; the record is tried again', {
        event: message.type,
        taskId: message.task_id,
        error: e instanceof Error ? e.message : String(e),
      });
      batchItemFailures.push({ itemIdentifier: change.sequenceNumber });
    }
  }
  return { batchItemFailures };
};
