/**
 * A deleted task's chat goes with it (decisions D46), through DynamoDB Local's real stream: its
 * messages, its people's chat entries, read marks and new_message digests — in BatchWriteItems of at
 * most 25, a bounded number for 250 messages.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { newMessageId, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { addMember, newGroup, person, task } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
let ada: Person;
let bo: Person;
let groupId: string;

beforeAll(async () => {
  [ada, bo] = await Promise.all([person('Ada'), person('Bo')]);
  groupId = (await newGroup(ada.api)).id;
  await addMember(ada.api, groupId, bo, ROLES.standard);
});

/** 250 messages by Ada and Bo, written straight to the table (the API's flood limit allows 30 a minute). */
async function seed(chatId: string, n = 250) {
  const { MessageEntity } = await import('@tandem/functions/db/entities/chat');
  const start = Date.now() - n * 1000;
  const items = Array.from({ length: n }, (_, i) => {
    const author = i % 2 ? bo : ada;
    return {
      chatId,
      messageId: newMessageId(start + i * 1000, randomBytes(4).toString('hex')),
      authorId: author.userId,
      authorName: 'Seeded',
      text: `Message ${i}`,
      createdAt: new Date(start + i * 1000).toISOString(),
    };
  });
  const r = await MessageEntity.put(items).go();
  expect(r.unprocessed).toEqual([]);
}

async function leftOf(chatId: string) {
  const { MessageEntity, ChatEntryEntity, ChatReadEntity } = await import(
    '@tandem/functions/db/entities/chat'
  );
  const { documentClient } = await import('@tandem/functions/db/client');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { env } = await import('@tandem/functions/lib/env');
  const { digestKey } = await import('@tandem/functions/core/notifications/digest');
  const people = [ada.userId, bo.userId];
  const [messages, entries, reads, digests] = await Promise.all([
    MessageEntity.query.byChat({ chatId }).go({ pages: 'all' }),
    ChatEntryEntity.get(people.map((userId) => ({ userId, chatId }))).go(),
    ChatReadEntity.get(people.map((userId) => ({ userId, chatId }))).go(),
    Promise.all(
      people.map(
        async (userId) =>
          (
            await documentClient.send(
              new GetCommand({ TableName: env.tableName, Key: digestKey(userId, 'new_message', chatId) }),
            )
          ).Item,
      ),
    ),
  ]);
  return {
    messages: messages.data.length,
    entries: entries.data.length,
    reads: reads.data.length,
    digests: digests.filter(Boolean).length,
  };
}

describe("a deleted task's chat", () => {
  test('its 250 messages, entries, read marks and digests are removed after the delete', async () => {
    const t = await task(ada.api, { title: `Chatty ${randomUUID().slice(0, 6)}`, group: groupId });
    expect((await ada.api.post(`/chat/${t.id}/message`, { message: 'hello' })).status).toBe(201);
    await seed(t.id);
    // One more through the API, after the seeded ones in the chat's stream: once Bo's entry names it,
    // the consumer is done with every seeded message, and none can bring his digest back after he reads.
    const last = await ada.api.post(`/chat/${t.id}/message`, { message: 'last' });
    expect(last.status).toBe(201);
    const { ChatEntryEntity } = await import('@tandem/functions/db/entities/chat');
    await expect
      .poll(
        async () => (await ChatEntryEntity.get({ userId: bo.userId, chatId: t.id }).go()).data?.lastMessageAt,
        {
          timeout: 20_000,
        },
      )
      .toBe(last.body.created_at);
    // Each was told of the other's messages (a digest each); Bo reads the chat (a mark, his digest ends).
    await expect.poll(async () => (await leftOf(t.id)).digests, { timeout: 20_000 }).toBe(2);
    expect((await bo.api.post(`/chat/${t.id}/read`, {})).status).toBe(200);
    expect(await leftOf(t.id)).toEqual({ messages: 252, entries: 2, reads: 1, digests: 1 });

    expect((await ada.api.delete(`/task/${t.id}`)).status).toBe(204);
    await expect
      .poll(() => leftOf(t.id), { timeout: 20_000 })
      .toEqual({ messages: 0, entries: 0, reads: 0, digests: 0 });
    expect((await bo.api.get(`/chat/task/${t.id}`)).status).toBe(404);
  });

  test('the requests: one group read, one Query, and BatchWriteItems of at most 25 deletes', async () => {
    const { removeChat } = await import('@tandem/functions/streams/chat-cleanup');
    const { TaskEntity } = await import('@tandem/functions/db/entities/task');
    const { requestCounter, resetRequestCounter } = await import('@tandem/functions/db/client');
    const t = await task(ada.api, { title: `Counted ${randomUUID().slice(0, 6)}`, group: groupId });
    await seed(t.id);
    const stored = (await TaskEntity.get({ taskId: t.id }).go()).data!;

    resetRequestCounter();
    await removeChat(stored as never);
    // 250 messages: 10 batches; Ada and Bo: one pair for entries and marks, one for digests.
    expect(requestCounter.byCommand).toEqual({
      BatchGetItemCommand: 1,
      QueryCommand: 1,
      BatchWriteItemCommand: 13,
    });
    expect((await leftOf(t.id)).messages).toBe(0);
  });
});
