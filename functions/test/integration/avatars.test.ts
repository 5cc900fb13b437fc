/**
 * Other people's avatars (issue 13 item 5; decisions D48): a member's avatar in the roster, the task's
 * assignees, creator and manager, the chat's viewers and messages and the chat socket's author_avatar,
 * always as a presigned link (never an object key); a new avatar reaches the copies (the stream
 * consumer, streams/avatar-copies.ts); a removed one reads null; and the calls cost the same DynamoDB
 * requests with avatars as without.
 */
import { readFileSync } from 'node:fs';
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { CHAT_EVENT_TYPES, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { listen } from './sockets.ts';
import { type Api, addMember, groupOf, newGroup, person, task } from './support.ts';

const picture = (name: string) => readFileSync(new URL(`../unit/avatar-images/${name}`, import.meta.url));

function form(data: Buffer, type = 'image/jpeg') {
  const fd = new FormData();
  fd.append('avatar', new Blob([new Uint8Array(data)], { type }), 'me.jpg');
  return fd;
}

async function upload(api: Api, data: Buffer) {
  const r = await api.raw('POST', '/user/avatar/', { body: form(data) });
  return {
    status: r.status,
    body: (await r.json()) as { id: string; original_url: string; detail?: string },
  };
}

/** Every string in the answer that names an avatar object is a signed link, never the bare key. */
function expectOnlySignedAvatars(body: unknown): void {
  const strings: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  for (const s of strings.filter((x) => x.includes('avatars/'))) {
    expect(s, 'an avatar as a link').toMatch(/^https?:\/\//);
    expect(s, 'an avatar link is signed').toContain('X-Amz-Signature=');
  }
}

/** The avatar link names this person's avatar object. */
const linkTo = (userId: string, avatarId: string) =>
  expect.stringMatching(new RegExp(`^https?://.*/avatars/${userId}/${avatarId}\\?.*X-Amz-Signature=`));

const requestsOf = (r: { headers: Headers }) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let groupId: string;

beforeAll(async () => {
  [a, b] = await Promise.all([person('Ada'), person('Bo')]);
  groupId = (await newGroup(a.api)).id;
  await addMember(a.api, groupId, b, ROLES.admin);
});

describe('avatars of other people', () => {
  it('refuses a picture larger than 256 px a side and keeps the avatar there was', async () => {
    const r = await upload(b.api, picture('300x200.jpg'));
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Please choose a picture of at most 256 × 256 pixels.');
    expect((await b.api.get('/user/config/')).body.avatar).toBeNull();
  });

  it('shows B’s avatar to A in the roster, the task, the chat and its socket; a new one replaces it; removed it reads null', async () => {
    const shared = await task(a.api, {
      title: 'Shared with Bo',
      group: groupId,
      task_assignees: [{ user: b.userId, role: 5 }],
    });
    const chatId = shared.id as string;
    await b.api.post(`/chat/${chatId}/message`, { message: 'Before my picture' });
    const reads = async () => ({
      group: await a.api.get('/group/member'),
      task: await a.api.get(`/task/${chatId}`),
      list: await a.api.get('/task?size=100'),
      chat: await a.api.get(`/chat/task/${chatId}`),
      messages: await a.api.get(`/chat/${chatId}/message`),
    });
    const before = await reads();

    // B uploads a 256 px picture; their copies follow through the stream consumer.
    const first = await upload(b.api, picture('256.jpg'));
    expect(first.status).toBe(201);
    const bMember = async () =>
      (await groupOf(a.api, groupId)).group_members.find((m: { user: string }) => m.user === b.userId);
    await expect
      .poll(async () => (await bMember()).avatar, { timeout: 20_000 })
      .toEqual(linkTo(b.userId, first.body.id));
    const img = await fetch((await bMember()).avatar);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(picture('256.jpg'))).toBe(true);

    const assigneeAvatar = async () =>
      (await a.api.get(`/task/${chatId}`)).body.task_assignees.find(
        (x: { user: string }) => x.user === b.userId,
      )?.avatar;
    await expect.poll(assigneeAvatar, { timeout: 20_000 }).toEqual(linkTo(b.userId, first.body.id));

    // A's socket hears B's message with B's avatar.
    const socket = await listen(a.accessToken);
    const m = await b.api.post(`/chat/${chatId}/message`, { message: 'With my picture' });
    expect(m.status).toBe(201);
    expect(m.body.user_avatar).toEqual(linkTo(b.userId, first.body.id));
    await expect
      .poll(() => socket.messages.filter((e) => e.chat_id === chatId && e.type === CHAT_EVENT_TYPES.created))
      .toHaveLength(1);
    const event = socket.messages.find((e) => e.chat_id === chatId && e.type === CHAT_EVENT_TYPES.created)!;
    expect(event).toMatchObject({ author: b.userId, author_avatar: linkTo(b.userId, first.body.id) });

    const after = await reads();
    const bIn = <T extends { user?: string; id?: string }>(xs: T[]) =>
      xs.find((x) => x.user === b.userId || x.id === b.userId);
    expect(
      bIn(after.list.body.results.find((t: { id: string }) => t.id === chatId).task_assignees),
    ).toMatchObject({
      avatar: linkTo(b.userId, first.body.id),
    });
    expect(bIn(after.chat.body.viewers)).toMatchObject({ avatar: linkTo(b.userId, first.body.id) });
    // Both of B's messages, the one from before the picture too, show B's avatar as it is now.
    const bMessages = after.messages.body.results.filter((x: { user: string }) => x.user === b.userId);
    expect(bMessages).toHaveLength(2);
    for (const x of bMessages) expect(x.user_avatar).toEqual(linkTo(b.userId, first.body.id));
    for (const r of [...Object.values(after), m, { body: event }]) expectOnlySignedAvatars(r.body);

    // The same DynamoDB requests as before B had an avatar: nothing is read for it.
    for (const k of Object.keys(after) as Array<keyof typeof after>)
      expect(requestsOf(after[k]), `${k}: requests with avatars`).toBe(requestsOf(before[k]));

    // A task B creates shows B as its creator with the avatar.
    const own = await task(b.api, { title: 'Bo’s own', group: groupId });
    expect(own.user).toEqual({ id: b.userId, name: 'Bo Test', avatar: linkTo(b.userId, first.body.id) });

    // A new picture replaces the old one everywhere.
    const second = await upload(b.api, picture('256.webp'));
    expect(second.status).toBe(201);
    await expect
      .poll(async () => (await bMember()).avatar, { timeout: 20_000 })
      .toEqual(linkTo(b.userId, second.body.id));
    await expect.poll(assigneeAvatar, { timeout: 20_000 }).toEqual(linkTo(b.userId, second.body.id));
    await expect
      .poll(async () => (await a.api.get(`/task/${own.id}`)).body.user.avatar, { timeout: 20_000 })
      .toEqual(linkTo(b.userId, second.body.id));

    // Removed: null everywhere.
    expect((await b.api.delete(`/user/avatar/${second.body.id}`)).status).toBe(204);
    await expect.poll(async () => (await bMember()).avatar, { timeout: 20_000 }).toBeNull();
    await expect.poll(assigneeAvatar, { timeout: 20_000 }).toBeNull();
    const gone = await reads();
    expect(bIn(gone.chat.body.viewers)).toMatchObject({ avatar: null });
    for (const x of gone.messages.body.results.filter((y: { user: string }) => y.user === b.userId))
      expect(x.user_avatar).toBeNull();
    expect((await a.api.get(`/task/${own.id}`)).body.user.avatar).toBeNull();
    socket.ws.close();
  });
});
