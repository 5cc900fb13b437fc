/**
 * Chat messages on the table's stream (docs/realtime.md "Chat"; decisions D38): a message written,
 * edited or deleted becomes new_message / update_message / delete_message (chat-events.ts) on the
 * sockets of the chat's viewers — the people who can read its task — and never anyone else's. A new
 * message first moves the viewers' chat entries (their "my chats" list and unread flags,
 * db/entities/chat.ts) to its time, so a client that reads its chats on the event sees it unread.
 *
 * Requests per batch of message records, whatever their number: one BatchGetItem for their tasks, one
 * for the tasks' groups, one for the viewers' presence items, and one BatchWriteItem per 25 chat
 * entries when new messages came (a chat of n viewers: ceil(n/25) for its newest message in the batch).
 * The viewers are told of new messages as a digest (chat-notifications.ts, D46).
 */
import { CHAT_EVENT_TYPES, type ChatEvent } from '@tandem/shared';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { groupsById, type TaskRecord } from '../core/access/task-access.ts';
import { viewerAvatarsOf, viewersOf } from '../core/chat/viewers.ts';
import type { MessageRecord } from '../core/chat/views.ts';
import { connectionsOf, sendToUsers } from '../core/ws/connections.ts';
import { ChatEntryEntity } from '../db/entities/chat.ts';
import { TaskEntity } from '../db/entities/task.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../lib/batches.ts';
import { logger } from '../lib/logger.ts';
import { chatEvent, type MessageChange, messageChangeOf, withAuthorAvatar } from './chat-events.ts';
import { tellNewMessages } from './chat-notifications.ts';

/** Moves the viewers' chat entries to the newest message of each chat in the batch. */
async function moveEntries(newest: Map<string, MessageRecord>, viewers: Map<string, string[]>) {
  const entries = [...newest.values()].flatMap((m) =>
    (viewers.get(m.chatId) ?? []).map((userId) => ({
      userId,
      chatId: m.chatId,
      lastMessageAt: m.createdAt,
      lastAuthorId: m.authorId,
    })),
  );
  for (const batch of chunks(entries, MAX_BATCH_WRITE_ITEMS)) {
    const r = await ChatEntryEntity.put(batch).go();
    if (r.unprocessed.length > 0) throw new Error('some chat entries were not written');
  }
}

/** Handles the batch's message records; the others are left to the task path. */
export async function handleMessageRecords(records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const changes = records
    .map(messageChangeOf)
    .filter((c): c is MessageChange => c !== null)
    .map((c) => ({ change: c, event: chatEvent(c) }))
    .filter((c): c is { change: MessageChange; event: ChatEvent } => c.event !== null);
  if (changes.length === 0) return { batchItemFailures: [] };
  const failAll = () => ({
    batchItemFailures: changes.map((c) => ({ itemIdentifier: c.change.sequenceNumber })),
  });

  let viewers: Map<string, string[]>;
  let avatars: Map<string, Map<string, string | null>>;
  let connections: Map<string, string[]>;
  let tasks: TaskRecord[];
  try {
    const chatIds = [...new Set(changes.map((c) => c.event.chat_id))];
    tasks = (await TaskEntity.get(chatIds.map((taskId) => ({ taskId }))).go()).data;
    const groups = await groupsById(tasks.map((t) => t.groupId));
    viewers = new Map(tasks.map((t) => [t.taskId, [...viewersOf(t, groups.get(t.groupId)).keys()]]));
    avatars = new Map(tasks.map((t) => [t.taskId, viewerAvatarsOf(t, groups.get(t.groupId))]));
    const newest = new Map<string, MessageRecord>();
    for (const { change, event } of changes) {
      if (event.type === CHAT_EVENT_TYPES.created && change.newMessage)
        newest.set(event.chat_id, change.newMessage);
    }
    [connections] = await Promise.all([
      connectionsOf([...new Set([...viewers.values()].flat())]),
      moveEntries(newest, viewers),
    ]);
  } catch (e) {
    logger.warn('chat events not delivered; the records are tried again', {
      error: e instanceof Error ? e.message : String(e),
    });
    return failAll();
  }

  // new_message notifications (chat-notifications.ts), beside the posts: a digest per person and chat.
  const told = tellNewMessages(changes, viewers, new Map(tasks.map((t) => [t.taskId, t])));
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  // In stream order: a chat's messages are one partition, so one shard, so written order.
  for (const { change, event } of changes) {
    const listeners = (viewers.get(event.chat_id) ?? []).filter((u) => connections.has(u));
    if (listeners.length === 0) continue;
    try {
      const out = await withAuthorAvatar(event, avatars.get(event.chat_id));
      const { failures } = await sendToUsers(listeners, { ...out }, connections);
      if (failures.length > 0) throw new AggregateError(failures, 'posts to connections failed');
    } catch (e) {
      logger.warn('chat event not delivered; the record is tried again', {
        event: event.type,
        chatId: event.chat_id,
        error: e instanceof Error ? e.message : String(e),
      });
      batchItemFailures.push({ itemIdentifier: change.sequenceNumber });
    }
  }
  const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
  for (const f of await told) if (!failed.has(f.itemIdentifier)) batchItemFailures.push(f);
  return { batchItemFailures };
}
