/**
 * Chat per task (decisions D38): who may read and write, the message rules (length, empty, flood),
 * the author-only edit and delete with its tombstone, paging back in time, and the unread flags of
 * GET /chat/task/{id} and GET /chat?recent_messages= (written by the stream consumer on the real
 * local stream, then cleared by POST /chat/{id}/read).
 */
import { CHAT_RULES, DELETED_MESSAGE_TEXT, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { addMember, newGroup, person, privateGroup, task } from './support.ts';

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let outsider: Awaited<ReturnType<typeof person>>;
let groupId: string;

beforeAll(async () => {
  [a, b, outsider] = await Promise.all([person('Ada'), person('Bo'), person('Olu')]);
  groupId = (await newGroup(a.api)).id;
  await addMember(a.api, groupId, b, ROLES.viewer);
});

const post = (api: typeof a.api, chatId: string, message: unknown) =>
  api.post(`/chat/${chatId}/message`, { message });

describe('who may chat', () => {
  test('a group member sees the chat of a group task with the task and its viewers; an outsider gets 404 everywhere', async () => {
    const t = await task(a.api, { title: 'Talk about it', group: groupId });
    const chat = await b.api.get(`/chat/task/${t.id}`);
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({
      id: t.id,
      attached_object: { id: t.id, title: 'Talk about it', parent: null },
      has_unread: false,
      can_write: true,
    });
    expect(chat.body.viewers.map((v: { id: string }) => v.id).sort()).toEqual([a.userId, b.userId].sort());
    expect(chat.body.viewers.find((v: { id: string }) => v.id === a.userId).full_name).toBe('Ada Test');

    const m = await post(a.api, t.id, 'Hello');
    expect(m.status).toBe(201);
    for (const r of [
      await outsider.api.get(`/chat/task/${t.id}`),
      await outsider.api.get(`/chat/${t.id}/message`),
      await post(outsider.api, t.id, 'Let me in'),
      await outsider.api.patch(`/chat/${t.id}/message/${m.body.id}`, { message: 'Mine now' }),
      await outsider.api.delete(`/chat/${t.id}/message/${m.body.id}`),
      await outsider.api.post(`/chat/${t.id}/read`),
    ]) {
      expect(r.status).toBe(404);
    }
    expect(
      (await a.api.get(`/chat/${t.id}/message`)).body.results.map((x: { message: string }) => x.message),
    ).toEqual(['Hello']);
    expect((await a.api.get('/chat/task/unknown-task')).status).toBe(404);
  });

  test('a viewer of the task (role viewer, which has enableChat) may write', async () => {
    const t = await task(a.api, { title: 'Viewer writes', group: groupId });
    const r = await post(b.api, t.id, 'From a viewer');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      user: b.userId,
      user_name: 'Bo Test',
      message: 'From a viewer',
      deleted_at: null,
    });
  });
});

describe('the message rules', () => {
  test('an empty or blank message, one over the limit, or a wrong body is refused with 400 and nothing written', async () => {
    const t = await task(a.api, { title: 'Rules', group: groupId });
    for (const body of [
      { message: '' },
      { message: '  \n ' },
      { message: 'x'.repeat(CHAT_RULES.maxMessageLength + 1) },
      { message: 42 },
      {},
      { message: 'ok', extra: 1 },
    ]) {
      const r = await a.api.post(`/chat/${t.id}/message`, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(String), fallback_message: expect.any(String) });
    }
    expect((await a.api.get(`/chat/${t.id}/message`)).body.results).toEqual([]);
    // At the limit, and trimmed.
    const at = await post(a.api, t.id, `  ${'y'.repeat(CHAT_RULES.maxMessageLength)}  `);
    expect(at.status).toBe(201);
    expect(at.body.message).toBe('y'.repeat(CHAT_RULES.maxMessageLength));
  });

  test(`a person posting more than ${CHAT_RULES.floodMessages} messages in ${CHAT_RULES.floodWindowSeconds} s gets 429, and the extra message is not written`, async () => {
    const flooder = await person('Flo');
    const t = await task(flooder.api, { title: 'Flood', group: await privateGroup(flooder.api) });
    // Start well inside a window, so the burst does not straddle two.
    const into = Date.now() % (CHAT_RULES.floodWindowSeconds * 1000);
    if (into > (CHAT_RULES.floodWindowSeconds - 20) * 1000) {
      await new Promise((r) => setTimeout(r, CHAT_RULES.floodWindowSeconds * 1000 - into + 100));
    }
    const statuses: number[] = [];
    for (let i = 0; i <= CHAT_RULES.floodMessages; i++)
      statuses.push((await post(flooder.api, t.id, `m${i}`)).status);
    expect(statuses.slice(0, CHAT_RULES.floodMessages).every((s) => s === 201)).toBe(true);
    const last = await post(flooder.api, t.id, 'one too many');
    expect([statuses.at(-1), last.status]).toEqual([429, 429]);
    expect(last.body.code).toBe('too-many-requests');
    const all = await flooder.api.get(`/chat/${t.id}/message?limit=100`);
    expect(all.body.results).toHaveLength(CHAT_RULES.floodMessages);
  }, 90_000);
});

describe('edit and delete', () => {
  test('only the author edits or deletes (403 for another viewer); a deleted message stays as a placeholder', async () => {
    const t = await task(a.api, { title: 'Edits', group: groupId });
    const m = (await post(a.api, t.id, 'First draft')).body;

    expect((await b.api.patch(`/chat/${t.id}/message/${m.id}`, { message: 'Hijack' })).status).toBe(403);
    expect((await b.api.delete(`/chat/${t.id}/message/${m.id}`)).status).toBe(403);
    expect((await a.api.patch(`/chat/${t.id}/message/${m.id}`, { message: '' })).status).toBe(400);

    const edited = await a.api.patch(`/chat/${t.id}/message/${m.id}`, { message: 'Second draft' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: m.id, message: 'Second draft', updated_at: expect.any(String) });

    const deleted = await a.api.delete(`/chat/${t.id}/message/${m.id}`);
    expect(deleted.status).toBe(200);
    const [read] = (await b.api.get(`/chat/${t.id}/message`)).body.results;
    expect(read).toMatchObject({ id: m.id, message: DELETED_MESSAGE_TEXT, deleted_at: expect.any(String) });

    const { MessageEntity } = await import('@tandem/functions/db/entities/chat');
    const stored = (await MessageEntity.get({ chatId: t.id, messageId: m.id }).go()).data;
    expect(stored?.text).toBe('');

    // Gone for edits and deletes alike; a message of another chat is not found through this one.
    expect((await a.api.patch(`/chat/${t.id}/message/${m.id}`, { message: 'Back' })).status).toBe(404);
    expect((await a.api.delete(`/chat/${t.id}/message/${m.id}`)).status).toBe(404);
    const other = await task(a.api, { title: 'Other chat', group: groupId });
    const elsewhere = (await post(a.api, other.id, 'Elsewhere')).body;
    expect((await a.api.patch(`/chat/${t.id}/message/${elsewhere.id}`, { message: 'x' })).status).toBe(404);
  });
});

describe('paging', () => {
  test('messages come newest first and page back in time with the cursor, each once', async () => {
    const t = await task(a.api, { title: 'Paging', group: groupId });
    const texts = Array.from({ length: 7 }, (_, i) => `message ${i}`);
    for (const x of texts) expect((await post(a.api, t.id, x)).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await b.api.get(`/chat/${t.id}/message?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.results.map((m: { message: string }) => m.message));
      cursor = r.body.next;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...texts].reverse());
    expect(pages).toBe(3);
    expect((await b.api.get(`/chat/${t.id}/message?cursor=NOT*VALID`)).status).toBe(400);
    expect((await b.api.get(`/chat/${t.id}/message?limit=${CHAT_RULES.maxPageSize + 1}`)).status).toBe(400);
  });
});

describe('unread flags', () => {
  test("A's message marks the chat unread for B (not for A), in B's recent chats too, until B reads it", async () => {
    const t = await task(a.api, { title: 'Unread', group: groupId });
    expect((await post(a.api, t.id, 'Are you there?')).status).toBe(201);
    await expect.poll(async () => (await b.api.get(`/chat/task/${t.id}`)).body.has_unread).toBe(true);
    expect((await a.api.get(`/chat/task/${t.id}`)).body.has_unread).toBe(false);

    const recent = await b.api.get('/chat?recent_messages=1440');
    expect(recent.status).toBe(200);
    const mine = recent.body.results.find((c: { id: string }) => c.id === t.id);
    expect(mine).toMatchObject({ has_unread: true, attached_object: { title: 'Unread' } });
    expect((await outsider.api.get('/chat?recent_messages=1440')).body.results).toEqual([]);

    expect((await b.api.post(`/chat/${t.id}/read`)).status).toBe(200);
    expect((await b.api.get(`/chat/task/${t.id}`)).body.has_unread).toBe(false);
    const after = (await b.api.get('/chat?recent_messages=1440')).body.results;
    expect(after.find((c: { id: string }) => c.id === t.id).has_unread).toBe(false);

    // A newer message is unread again.
    expect((await post(a.api, t.id, 'Again')).status).toBe(201);
    await expect.poll(async () => (await b.api.get(`/chat/task/${t.id}`)).body.has_unread).toBe(true);
    expect((await b.api.get('/chat?recent_messages=abc')).status).toBe(400);
  });

  test('a person who can no longer see the task loses its chat from their recent chats', async () => {
    const other = await person('Gus');
    const g = (await newGroup(a.api)).id;
    await addMember(a.api, g, other, ROLES.viewer);
    const t = await task(a.api, { title: 'Leaving', group: g });
    expect((await post(a.api, t.id, 'Before you go')).status).toBe(201);
    await expect
      .poll(async () =>
        (await other.api.get('/chat?recent_messages=1440')).body.results.map((c: { id: string }) => c.id),
      )
      .toContain(t.id);
    // The task moves to A's private group: Gus cannot read it any more.
    expect((await a.api.patch(`/task/${t.id}`, { group: await privateGroup(a.api) })).status).toBe(200);
    expect((await other.api.get('/chat?recent_messages=1440')).body.results).toEqual([]);
    expect((await other.api.get(`/chat/task/${t.id}`)).status).toBe(404);
  });
});
