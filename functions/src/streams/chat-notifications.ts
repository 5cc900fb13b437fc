/**
 * new_message notifications (decisions D46): the chat's viewers are told of the batch's new messages
 * through tell(), as a digest — one unread notification per person and chat, its count and latest
 * words updated in place (core/notifications/digest.ts) — so a busy chat does not make a notification
 * per message. A person is not told of their own messages. The person's settings for chat messages
 * choose in-app, e-mail and push, as for every kind; e-mail and push go when a digest begins only.
 *
 * Requests per batch, whatever its number of messages: per chat and set of people told alike (usually
 * one: everyone but the writer) one BatchGetItem of the people, then per person one UpdateItem (the
 * digest) and one PutItem (the notification).
 */
import { CHAT_EVENT_TYPES, type ChatEvent } from '@tandem/shared';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { senderName } from '../core/access/roster.ts';
import type { TaskRecord } from '../core/access/task-access.ts';
import { newMessageMail } from '../core/notifications/mails.ts';
import { tell } from '../core/notifications/tell.ts';
import { logger } from '../lib/logger.ts';
import type { MessageChange } from './chat-events.ts';

/** The words of the latest message a notification shows (the chat has the rest). */
export const NOTIFIED_TEXT_LENGTH = 140;

export interface Telling {
  chatId: string;
  /** The people told alike: the same count and the same latest message. */
  to: string[];
  count: number;
  latest: ChatEvent;
  /** The stream record of the latest message: the digest's key (a retried record is not counted twice). */
  key: string;
}

/**
 * Who is told what of a batch's new messages, per chat: each viewer of the messages not their own,
 * counted, with the latest of them. Pure.
 */
export function chatTellings(
  created: readonly { change: MessageChange; event: ChatEvent }[],
  viewers: ReadonlyMap<string, readonly string[]>,
): Telling[] {
  const byChat = new Map<string, { change: MessageChange; event: ChatEvent }[]>();
  for (const c of created) {
    if (c.event.type !== CHAT_EVENT_TYPES.created || c.event.deleted_at) continue;
    byChat.set(c.event.chat_id, [...(byChat.get(c.event.chat_id) ?? []), c]);
  }
  const out: Telling[] = [];
  for (const [chatId, messages] of byChat) {
    const groups = new Map<string, Telling>();
    for (const userId of viewers.get(chatId) ?? []) {
      const theirs = messages.filter((m) => m.event.author !== userId);
      const latest = theirs.at(-1);
      if (!latest) continue;
      const k = `${theirs.length}:${latest.change.eventId}`;
      const g = groups.get(k);
      if (g) g.to.push(userId);
      else
        groups.set(k, {
          chatId,
          to: [userId],
          count: theirs.length,
          latest: latest.event,
          key: `new_message:${latest.change.eventId}`,
        });
    }
    out.push(...groups.values());
  }
  return out;
}

const clip = (text: string) =>
  text.length > NOTIFIED_TEXT_LENGTH ? `${text.slice(0, NOTIFIED_TEXT_LENGTH - 1)}…` : text;

/** Tells the viewers; a chat whose telling fails has its new messages' records reported as failed. */
export async function tellNewMessages(
  created: readonly { change: MessageChange; event: ChatEvent }[],
  viewers: ReadonlyMap<string, readonly string[]>,
  tasks: ReadonlyMap<string, TaskRecord>,
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const tellings = chatTellings(created, viewers);
  const failedChats = new Set<string>();
  await Promise.all(
    tellings.map(async (t) => {
      const task = tasks.get(t.chatId);
      if (!task) return;
      const by = senderName(t.latest.author_name);
      try {
        await tell({
          template: 'new_message',
          subject: { type: 'chat', id: t.chatId },
          variables: {
            taskId: task.taskId,
            taskTitle: task.title,
            chatId: t.chatId,
            byName: by,
            message: clip(t.latest.message),
          },
          to: t.to.map((userId) => ({ userId })),
          mail: (email, user) => newMessageMail(email, user, task, by, clip(t.latest.message)),
          push: { title: `${by} wrote in ${task.title}`, body: clip(t.latest.message) },
          key: t.key,
          digest: { count: t.count },
          now: new Date(t.latest.created_at),
        });
      } catch (e) {
        logger.warn('new_message notification not made; the records are tried again', {
          chatId: t.chatId,
          error: String(e),
        });
        failedChats.add(t.chatId);
      }
    }),
  );
  return created
    .filter((c) => failedChats.has(c.event.chat_id))
    .map((c) => ({ itemIdentifier: c.change.sequenceNumber }));
}
