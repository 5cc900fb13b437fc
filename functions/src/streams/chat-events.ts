/**
 * What a change of a chat message item means (docs/realtime.md "Chat"; decisions D38): new_message,
 * update_message or delete_message, or nothing. Pure: the reads and posts live in chat-delivery.ts.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CHAT_EVENT_TYPES, type ChatEvent } from '@tandem/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import { type MessageRecord, messageView } from '../core/chat/views.ts';
import { MESSAGE_SORT_KEY_PREFIX } from '../db/table.ts';
import { avatarKey, withAvatarUrls } from '../lib/avatar-urls.ts';

type Image = Record<string, AttributeValue>;

/** A stream record of a message item, its images unmarshalled. */
export interface MessageChange {
  eventId: string;
  sequenceNumber: string;
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldMessage?: MessageRecord;
  newMessage?: MessageRecord;
}

function messageOf(image: Image | undefined): MessageRecord | undefined {
  if (!image) return undefined;
  const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
  return item.__edb_e__ === 'message' ? (item as unknown as MessageRecord) : undefined;
}

/** The record as a message change, or null when it is not a message item. */
export function messageChangeOf(record: DynamoDBRecord): MessageChange | null {
  const d = record.dynamodb;
  const sk = (d?.Keys as Image | undefined)?.sk?.S;
  if (!d || !record.eventName || !sk?.startsWith(MESSAGE_SORT_KEY_PREFIX)) return null;
  const oldMessage = messageOf(d.OldImage as Image | undefined);
  const newMessage = messageOf(d.NewImage as Image | undefined);
  if (!oldMessage && !newMessage) return null;
  return {
    eventId: record.eventID ?? `${d.SequenceNumber}`,
    sequenceNumber: d.SequenceNumber ?? '',
    kind: record.eventName,
    oldMessage,
    newMessage,
  };
}

/** The event the change is, or null for one nobody hears of (a tombstone's removal, no visible change). */
export function chatEvent(c: MessageChange): ChatEvent | null {
  const m = c.newMessage;
  if (!m) return null;
  let type: ChatEvent['type'];
  if (c.kind === 'INSERT' || !c.oldMessage) type = CHAT_EVENT_TYPES.created;
  else if (m.deletedAt && !c.oldMessage.deletedAt) type = CHAT_EVENT_TYPES.deleted;
  else if (!m.deletedAt && (m.text !== c.oldMessage.text || m.updatedAt !== c.oldMessage.updatedAt))
    type = CHAT_EVENT_TYPES.updated;
  else return null;
  const view = messageView(m);
  return {
    type,
    id: view.id,
    event_id: c.eventId,
    chat_id: view.chatId,
    author: view.user,
    author_name: view.userName,
    author_avatar: view.userAvatar,
    message: view.message,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
    deleted_at: view.deletedAt,
  };
}

/**
 * The event as it goes out (D48): the author's current avatar where the task or its roster names them
 * (`avatars`: viewerAvatarsOf), else the one the message keeps; signed into a link.
 */
export async function withAuthorAvatar(
  event: ChatEvent,
  avatars: ReadonlyMap<string, string | null> | undefined,
): Promise<ChatEvent> {
  const author_avatar = avatars?.has(event.author)
    ? avatarKey(event.author, avatars.get(event.author))
    : event.author_avatar;
  return withAvatarUrls({ ...event, author_avatar });
}
