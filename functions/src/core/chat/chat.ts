/**
 * Chat per task (spec 000 §3, §6, §7, §8; spec 001 §7; decisions D38; docs/data-model.md "Chat").
 * A task's chat has the task's id. Anyone who can read the task may open its chat, and writes in it
 * with the task action enableChat; anyone else gets 404 (the task's existence is not revealed) and a
 * reader without enableChat 403. Only a message's author edits or deletes it (403 for others); a
 * deleted message stays as a tombstone (deletedAt set, text removed) and reads as the placeholder.
 * The chat entries ("my chats", last message time) are written by the stream consumer
 * (streams/chat-events.ts), never here: the write path does not know who listens.
 */
import { randomBytes } from 'node:crypto';
import {
  CHAT_MESSAGES,
  CHAT_RULES,
  type ChatView,
  can,
  errorCodes,
  hasUnread,
  type MessagePage,
  type MessageView,
  newMessageId,
  type Page,
} from '@tandem/shared';
import { ChatEntryEntity, ChatFloodEntity, ChatReadEntity, MessageEntity } from '../../db/entities/chat.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { UserEntity } from '../../db/entities/user.ts';
import type { Actor } from '../../lib/actor.ts';
import { avatarKey } from '../../lib/avatar-urls.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ForbiddenError, HttpError, NotFoundError } from '../../lib/errors.ts';
import type { GroupRecord } from '../access/roster.ts';
import { groupsById, roleOn, type TaskRecord, taskFor } from '../access/task-access.ts';
import { readDigest } from '../notifications/notifications.ts';
import { viewerAvatarsOf, viewersOf } from './viewers.ts';
import { messageView } from './views.ts';

/** The task behind the chat, for a caller who may see it (404 otherwise), and whether they may write. */
async function chatAccess(actor: Actor, chatId: string) {
  const { task, group, role } = await taskFor(actor, chatId);
  return { task, group, canWrite: can(role, 'task.enableChat') };
}

/** As chatAccess, and 403 for a reader without enableChat. */
async function writableChat(actor: Actor, chatId: string) {
  const access = await chatAccess(actor, chatId);
  if (!access.canWrite) throw new ForbiddenError(undefined, CHAT_MESSAGES.noChat);
  return access;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The viewers as the chat shows them: name and avatar (an object key until the answer goes out). */
const viewerList = (people: Map<string, string>, avatars: Map<string, string | null>) =>
  [...people].map(([id, name]) => ({ id, fullName: name, avatar: avatarKey(id, avatars.get(id)) }));

/**
 * The viewers with their names and avatars: those the task and roster do not name are read (one
 * BatchGetItem), their avatars with them.
 */
async function namedViewers(task: TaskRecord, group: GroupRecord | null) {
  const people = viewersOf(task, group);
  const avatars = viewerAvatarsOf(task, group);
  const unnamed = [...people].filter(([, name]) => !name).map(([id]) => id);
  if (unnamed.length > 0) {
    const users = (await UserEntity.get(unnamed.map((userId) => ({ userId }))).go()).data;
    for (const u of users) {
      people.set(u.userId, fullName(u));
      if (!avatars.get(u.userId)) avatars.set(u.userId, u.config.avatar?.id ?? null);
    }
  }
  return viewerList(people, avatars);
}

async function unreadState(userId: string, chatId: string) {
  const [entry, read] = await Promise.all([
    ChatEntryEntity.get({ userId, chatId }).go(),
    ChatReadEntity.get({ userId, chatId }).go(),
  ]);
  const last = entry.data ? { at: entry.data.lastMessageAt, authorId: entry.data.lastAuthorId } : null;
  return { last, unread: hasUnread(last, read.data?.readAt ?? null, userId) };
}

/** GET /chat/task/{taskId}: the task's chat. */
export async function getChatForTask(actor: Actor, taskId: string): Promise<ChatView> {
  const { task, group, canWrite } = await chatAccess(actor, taskId);
  const [viewers, state] = await Promise.all([namedViewers(task, group), unreadState(actor.userId, taskId)]);
  return {
    id: task.taskId,
    attachedObject: { id: task.taskId, title: task.title, parent: task.parentId ?? null },
    viewers,
    hasUnread: state.unread,
    canWrite,
    lastMessageAt: state.last?.at ?? null,
  };
}

/** GET /chat/{id}/message: newest first, a page back in time from the cursor (the oldest id seen). */
export async function listMessages(
  actor: Actor,
  chatId: string,
  opts: { cursor?: string; limit: number },
): Promise<MessagePage> {
  const { task, group } = await chatAccess(actor, chatId);
  const q = MessageEntity.query.byChat({ chatId });
  const { data } = await (opts.cursor ? q.lt({ messageId: opts.cursor }) : q).go({
    order: 'desc',
    limit: opts.limit,
  });
  const avatars = viewerAvatarsOf(task, group);
  const results = data.map((m) => messageView(m, avatars));
  return { results, next: data.length === opts.limit ? (data.at(-1)?.messageId ?? null) : null };
}

/**
 * One more message in the person's current window, or 429 (CHAT_RULES.floodMessages a window of
 * floodWindowSeconds): one conditional UpdateItem, kept by the table in AWS and locally alike.
 */
async function countMessage(userId: string, now: number) {
  const seconds = Math.floor(now / 1000);
  const window = Math.floor(seconds / CHAT_RULES.floodWindowSeconds);
  try {
    await ChatFloodEntity.update({ userId, window })
      .add({ count: 1 })
      .set({ ttl: (window + 2) * CHAT_RULES.floodWindowSeconds })
      .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, CHAT_RULES.floodMessages as number)}`)
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new HttpError(429, errorCodes.tooManyRequests, CHAT_MESSAGES.flood);
    throw e;
  }
}

/** POST /chat/{id}/message. */
export async function postMessage(actor: Actor, chatId: string, text: string): Promise<MessageView> {
  await writableChat(actor, chatId);
  const now = Date.now();
  const [author] = await Promise.all([
    UserEntity.get({ userId: actor.userId }).go(),
    countMessage(actor.userId, now),
  ]);
  const item = {
    chatId,
    messageId: newMessageId(now, randomBytes(6).toString('hex')),
    authorId: actor.userId,
    authorName: author.data ? fullName(author.data) : '',
    ...(author.data?.config.avatar ? { authorAvatarId: author.data.config.avatar.id } : {}),
    text,
    createdAt: new Date(now).toISOString(),
  };
  await MessageEntity.create(item).go({ response: 'none' });
  return messageView(item);
}

/** The caller's own live message in the chat: 404 when there is none, 403 when it is someone else's. */
async function ownMessage(actor: Actor, chatId: string, messageId: string) {
  const { task, group } = await writableChat(actor, chatId);
  const m = (await MessageEntity.get({ chatId, messageId }).go()).data;
  if (!m || m.deletedAt) throw new NotFoundError();
  if (m.authorId !== actor.userId) throw new ForbiddenError(undefined, CHAT_MESSAGES.notAuthor);
  return { m, avatars: viewerAvatarsOf(task, group) };
}

/** The write, unless the message was deleted meanwhile (then 404). */
async function unlessDeleted<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

/** PATCH /chat/{id}/message/{messageId}: the author only. */
export async function editMessage(
  actor: Actor,
  chatId: string,
  messageId: string,
  text: string,
): Promise<MessageView> {
  const { m, avatars } = await ownMessage(actor, chatId, messageId);
  const updatedAt = new Date().toISOString();
  await unlessDeleted(() =>
    MessageEntity.patch({ chatId, messageId })
      .set({ text, updatedAt })
      .where((a, op) => op.notExists(a.deletedAt))
      .go({ response: 'none' }),
  );
  return messageView({ ...m, text, updatedAt }, avatars);
}

/** DELETE /chat/{id}/message/{messageId}: the author only; the message stays as a tombstone. */
export async function deleteMessage(actor: Actor, chatId: string, messageId: string): Promise<MessageView> {
  const { m, avatars } = await ownMessage(actor, chatId, messageId);
  const deletedAt = new Date().toISOString();
  await unlessDeleted(() =>
    MessageEntity.patch({ chatId, messageId })
      .set({ text: '', deletedAt })
      .where((a, op) => op.notExists(a.deletedAt))
      .go({ response: 'none' }),
  );
  return messageView({ ...m, text: '', deletedAt }, avatars);
}

/** POST /chat/{id}/read (ours): the caller has read the chat up to now. */
export async function markChatRead(actor: Actor, chatId: string): Promise<{ hasUnread: false }> {
  await chatAccess(actor, chatId);
  const now = new Date();
  await Promise.all([
    ChatReadEntity.put({ userId: actor.userId, chatId, readAt: now.toISOString() }).go({
      response: 'none',
    }),
    // The chat's new_message notification is read with it (D46): the next message starts a new one.
    readDigest(actor.userId, 'new_message', chatId, now),
  ]);
  return { hasUnread: false };
}

/**
 * GET /chat?recent_messages=N: the caller's chats with a message in the last N minutes, newest first,
 * with their unread flags. One Query (the person's chat entries by last message time), then one
 * BatchGetItem each for the tasks, their groups and the read marks; a chat whose task the caller can
 * no longer see is left out.
 */
export async function recentChats(actor: Actor, minutes: number, now = new Date()): Promise<Page<ChatView>> {
  const since = new Date(now.getTime() - minutes * 60_000).toISOString();
  const { data: entries } = await ChatEntryEntity.query
    .byRecent({ userId: actor.userId })
    .gte({ lastMessageAt: since })
    .go({ order: 'desc', limit: 100 });
  if (entries.length === 0) return { count: 0, next: null, previous: null, results: [] };
  const ids = entries.map((e) => e.chatId);
  const [tasks, reads] = await Promise.all([
    TaskEntity.get(ids.map((taskId) => ({ taskId }))).go(),
    ChatReadEntity.get(ids.map((chatId) => ({ userId: actor.userId, chatId }))).go(),
  ]);
  const taskById = new Map(tasks.data.map((t) => [t.taskId, t]));
  const readAt = new Map(reads.data.map((r) => [r.chatId, r.readAt]));
  const groups = await groupsById([...taskById.values()].map((t) => t.groupId));
  const results: ChatView[] = [];
  for (const e of entries) {
    const task = taskById.get(e.chatId);
    if (!task) continue;
    const role = roleOn(task, groups.get(task.groupId) ?? null, actor);
    if (role === null) continue;
    const group = groups.get(task.groupId);
    results.push({
      id: task.taskId,
      attachedObject: { id: task.taskId, title: task.title, parent: task.parentId ?? null },
      viewers: viewerList(viewersOf(task, group), viewerAvatarsOf(task, group)),
      hasUnread: hasUnread(
        { at: e.lastMessageAt, authorId: e.lastAuthorId },
        readAt.get(e.chatId) ?? null,
        actor.userId,
      ),
      canWrite: can(role, 'task.enableChat'),
      lastMessageAt: e.lastMessageAt,
    });
  }
  return { count: results.length, next: null, previous: null, results };
}
