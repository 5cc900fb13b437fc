/**
 * A deleted task's chat goes with it (decisions D46): for each task item removed from the table, its
 * messages, and its people's chat entries, read marks and new_message digests, are deleted — by the
 * stream consumer, after the delete, outside the request.
 *
 * Whose entries: the task's viewers as it was (old image and its group) and everyone who wrote in
 * it. Entries and marks live in their people's partitions, so they are deleted by key (a key with no
 * item costs nothing more). Requests per deleted task: 1 BatchGetItem (its group), 1 Query a page of
 * messages (keys and authors only; a page holds thousands), then BatchWriteItems of at most 25 deletes:
 * ceil(messages/25) + 2 × ceil(people/12) (entries and marks, 12 people a pair of
 * batches) + ceil(people/25) (digests). Deleting is idempotent, so a record that
 * comes again (a failure here is reported as a batch item failure) does no harm.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { groupsById, type TaskRecord } from '../core/access/task-access.ts';
import { viewersOf } from '../core/chat/viewers.ts';
import { digestKey } from '../core/notifications/digest.ts';
import { documentClient } from '../db/client.ts';
import { ChatEntryEntity, ChatReadEntity, MessageEntity } from '../db/entities/chat.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../lib/batches.ts';
import { env } from '../lib/env.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

const unprocessed = (r: { unprocessed: unknown[] }) => {
  if (r.unprocessed.length > 0) throw new Error('DynamoDB left chat deletes unprocessed');
};

/** Deletes the chat of one deleted task. */
export async function removeChat(task: TaskRecord): Promise<void> {
  const chatId = task.taskId;
  const [groups, { data: messages }] = await Promise.all([
    groupsById([task.groupId]),
    MessageEntity.query
      .byChat({ chatId })
      .go({ pages: 'all', attributes: ['chatId', 'messageId', 'authorId'] }),
  ]);
  const people = [
    ...new Set([
      ...viewersOf(task, groups.get(task.groupId)).keys(),
      ...messages.map((m) => m.authorId as string),
    ]),
  ];
  const keys = messages.map((m) => ({ chatId, messageId: m.messageId as string }));
  for (const batch of chunks(keys, MAX_BATCH_WRITE_ITEMS))
    unprocessed(await MessageEntity.delete(batch).go());
  const marks = people.map((userId) => ({ userId, chatId }));
  // An entry and a read mark per person: half a batch of each.
  for (const batch of chunks(marks, Math.floor(MAX_BATCH_WRITE_ITEMS / 2))) {
    const [entries, reads] = await Promise.all([
      ChatEntryEntity.delete(batch).go(),
      ChatReadEntity.delete(batch).go(),
    ]);
    unprocessed(entries);
    unprocessed(reads);
  }
  for (const batch of chunks(people, MAX_BATCH_WRITE_ITEMS)) {
    const r = await documentClient.send(
      new BatchWriteCommand({
        RequestItems: {
          [env.tableName]: batch.map((userId) => ({
            DeleteRequest: { Key: digestKey(userId, 'new_message', chatId) },
          })),
        },
      }),
    );
    if (Object.keys(r.UnprocessedItems ?? {}).length > 0)
      throw new Error('DynamoDB left digest deletes unprocessed');
  }
}

/** The chats of the batch's deleted tasks. */
export async function removeChatsOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'the chat', (task) => removeChat(task));
}
