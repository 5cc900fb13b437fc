/**
 * new_message notifications (decisions D46) through DynamoDB Local's real stream: a chat's viewers are
 * told through tell() as a digest — one unread notification per person and chat, its count and latest
 * words updated in place — the writer is not told, e-mail goes once per digest, reading the chat (or
 * the notification) ends it, and the consumer's requests per batch do not grow with its messages.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { type NotificationEvent, ROLES } from '@tandem/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, test } from 'vitest';
import { findMail, waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { listen } from './sockets.ts';
import { addMember, newGroup, person, stack, task } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
type Listed = {
  unread: number;
  results: Array<{
    id: string;
    template_name: string;
    variables: Record<string, string | number>;
    read_at: string | null;
  }>;
};

const chatNotes = async (p: Person, chatId: string) => {
  const r = await p.api.get('/notifications/?page=1&offset=0&limit=100');
  expect(r.status).toBe(200);
  return (r.body as Listed).results.filter(
    (n) => n.template_name === 'new_message' && n.variables.chat_id === chatId,
  );
};

let ada: Person;
let bo: Person;
let cy: Person;
let groupId: string;

beforeAll(async () => {
  [ada, bo, cy] = await Promise.all([person('Ada'), person('Bo'), person('Cy')]);
  groupId = (await newGroup(ada.api)).id;
  await addMember(ada.api, groupId, bo, ROLES.standard);
  await addMember(ada.api, groupId, cy, ROLES.standard);
});

describe('new_message notifications', () => {
  test('three messages make one unread notification for each other viewer, updated in place; the writer is told nothing; one e-mail', async () => {
    expect(
      (await bo.api.patch('/user/config/', { notifications: { kinds: { new_message: { email: true } } } }))
        .status,
    ).toBe(200);
    const boSocket = await listen(bo.accessToken);
    const t = await task(ada.api, { title: `Digest ${randomUUID().slice(0, 6)}`, group: groupId });
    const since = new Date();
    for (const text of ['one', 'two', 'three'])
      expect((await ada.api.post(`/chat/${t.id}/message`, { message: text })).status).toBe(201);

    await expect
      .poll(async () => (await chatNotes(bo, t.id)).map((n) => [n.variables.count, n.variables.message]))
      .toEqual([[3, 'three']]);
    const [note] = await chatNotes(bo, t.id);
    expect(note).toMatchObject({
      read_at: null,
      variables: { task_id: t.id, task_title: t.title, by_name: 'Ada Test' },
    });
    await expect.poll(async () => (await chatNotes(cy, t.id)).map((n) => n.variables.count)).toEqual([3]);
    expect(await chatNotes(ada, t.id)).toEqual([]);
    // Bo's socket heard of it (the insert, and each update while unread).
    await expect
      .poll(
        () =>
          (boSocket.messages as unknown as NotificationEvent[]).filter(
            (m) => m.type === 'notification' && m.notification_id === note!.id,
          ).length,
      )
      .toBeGreaterThanOrEqual(1);
    // E-mail on for chats: once, when the digest began — not once a message.
    await waitForMail(stack.url, { to: bo.email, subjectIncludes: t.title, since });
    await new Promise((r) => setTimeout(r, 500));
    expect(await findMail(stack.url, { to: bo.email, subjectIncludes: t.title, since })).toHaveLength(1);
  });

  test('reading the chat reads its notification; the next message starts a new one', async () => {
    const t = await task(ada.api, { title: `Read ${randomUUID().slice(0, 6)}`, group: groupId });
    expect((await ada.api.post(`/chat/${t.id}/message`, { message: 'first' })).status).toBe(201);
    await expect.poll(async () => (await chatNotes(bo, t.id)).length).toBe(1);
    expect((await bo.api.post(`/chat/${t.id}/read`, {})).status).toBe(200);
    expect((await chatNotes(bo, t.id)).map((n) => n.read_at)).toEqual([expect.any(String)]);

    expect((await ada.api.post(`/chat/${t.id}/message`, { message: 'second' })).status).toBe(201);
    await expect
      .poll(async () =>
        (await chatNotes(bo, t.id)).map((n) => [n.variables.count, n.variables.message, n.read_at]),
      )
      .toEqual([
        [1, 'second', null],
        [1, 'first', expect.any(String)],
      ]);

    // Marking the notification read in the pane ends the digest too.
    const [unread] = await chatNotes(bo, t.id);
    expect((await bo.api.patch('/notifications/read', { ids: [unread!.id] })).status).toBe(200);
    expect((await ada.api.post(`/chat/${t.id}/message`, { message: 'third' })).status).toBe(201);
    await expect.poll(async () => (await chatNotes(bo, t.id)).length).toBe(3);
  });

  test("the consumer's requests for a batch do not grow with its messages; a record given again is not counted twice", async () => {
    const { handler } = await import('@tandem/functions/streams/live');
    const { requestCounter, resetRequestCounter } = await import('@tandem/functions/db/client');
    const { MessageEntity } = await import('@tandem/functions/db/entities/chat');
    const t = await task(ada.api, { title: `Counted ${randomUUID().slice(0, 6)}`, group: groupId });
    expect((await ada.api.post(`/chat/${t.id}/message`, { message: 'counted' })).status).toBe(201);
    await expect.poll(async () => (await chatNotes(cy, t.id)).length).toBe(1);
    const stored = (
      await MessageEntity.query.byChat({ chatId: t.id }).go({ order: 'desc', limit: 1, data: 'raw' })
    ).data as unknown as { Items: Array<Record<string, unknown>> };
    const image = marshall(stored.Items[0]!, { removeUndefinedValues: true });
    const insert = (n: number, eventID = `record-${randomUUID()}`): DynamoDBRecord => ({
      eventID,
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: { pk: image.pk!, sk: image.sk! } as never,
        NewImage: image as never,
        SequenceNumber: String(n),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });

    const cost: Record<number, Record<string, number>> = {};
    for (const size of [1, 100]) {
      resetRequestCounter();
      const r = await handler({ Records: Array.from({ length: size }, (_, i) => insert(i + 1)) });
      expect(r).toEqual({ batchItemFailures: [] });
      cost[size] = { ...requestCounter.byCommand };
    }
    // Tasks, groups, presence and the tellings' people (BatchGetItem); the viewers' chat entries
    // (BatchWriteItem); per person told (Bo, Cy), their digest (UpdateItem) and notification (PutItem).
    const expected = {
      BatchGetItemCommand: 4,
      BatchWriteItemCommand: 1,
      UpdateItemCommand: 2,
      PutItemCommand: 2,
    };
    expect(cost[1]).toEqual(expected);
    expect(cost[100]).toEqual(expected);
    // 1 (the real one) + 1 + 100, in one notification.
    await expect.poll(async () => (await chatNotes(cy, t.id)).map((n) => n.variables.count)).toEqual([102]);

    // The same batch again (a retry): nothing counted, no notification written.
    const again = insert(1, 'record-again');
    await handler({ Records: [again] });
    await handler({ Records: [again] });
    expect((await chatNotes(cy, t.id)).map((n) => n.variables.count)).toEqual([103]);
  });
});
