/**
 * Chat events on DynamoDB Local's real stream (docs/realtime.md "Chat"): a message written, edited and
 * deleted reaches the sockets of the chat's viewers as new_message, update_message, delete_message, and
 * never an outsider's socket.
 */
import { CHAT_EVENT_TYPES, type ChatEvent, DELETED_MESSAGE_TEXT, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { listen as openSocket } from './sockets.ts';
import { addMember, newGroup, person, task } from './support.ts';

async function listen(token: string) {
  const { ws, messages } = await openSocket(token);
  const events = (chatId: string) => messages.filter((m) => m.chat_id === chatId) as unknown as ChatEvent[];
  return { ws, messages, events };
}

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let outsider: Awaited<ReturnType<typeof person>>;
let groupId: string;

beforeAll(async () => {
  [a, b, outsider] = await Promise.all([person('Ada'), person('Bo'), person('Olu')]);
  groupId = (await newGroup(a.api)).id;
  await addMember(a.api, groupId, b, ROLES.standard);
});

describe('live chat', () => {
  test("A's message, its edit and its delete reach B's socket, and never an outsider's", async () => {
    const bSocket = await listen(b.accessToken);
    const outsiderSocket = await listen(outsider.accessToken);
    const t = await task(a.api, { title: 'Live chat', group: groupId });

    const m = await a.api.post(`/chat/${t.id}/message`, { message: 'Hello B' });
    expect(m.status).toBe(201);
    await expect.poll(() => bSocket.events(t.id).map((e) => e.type)).toEqual([CHAT_EVENT_TYPES.created]);
    expect(bSocket.events(t.id)[0]).toMatchObject({
      id: m.body.id,
      chat_id: t.id,
      author: a.userId,
      author_name: 'Ada Test',
      author_avatar: null,
      message: 'Hello B',
      created_at: m.body.created_at,
    });

    expect((await a.api.patch(`/chat/${t.id}/message/${m.body.id}`, { message: 'Hello, B' })).status).toBe(
      200,
    );
    expect((await a.api.delete(`/chat/${t.id}/message/${m.body.id}`)).status).toBe(200);
    await expect
      .poll(() => bSocket.events(t.id).map((e) => e.type))
      .toEqual([CHAT_EVENT_TYPES.created, CHAT_EVENT_TYPES.updated, CHAT_EVENT_TYPES.deleted]);
    const [, updated, deleted] = bSocket.events(t.id);
    expect(updated).toMatchObject({ id: m.body.id, message: 'Hello, B' });
    expect(deleted).toMatchObject({
      id: m.body.id,
      message: DELETED_MESSAGE_TEXT,
      deleted_at: expect.any(String),
    });
    // Each change has its own id, so a client's de-duplication keeps all three.
    expect(new Set(bSocket.events(t.id).map((e) => e.event_id)).size).toBe(3);

    // The outsider's socket is open and served, yet heard nothing of the chat.
    outsiderSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => outsiderSocket.messages).toContainEqual({ type: 'pong' });
    expect(outsiderSocket.events(t.id)).toEqual([]);
  });
});
