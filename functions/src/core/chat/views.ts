/** A stored message as the API and the socket show it (pure: the calls and the stream consumer share it). */
import { DELETED_MESSAGE_TEXT, type MessageView } from '@tandem/shared';
import type { MessageEntity } from '../../db/entities/chat.ts';
import type { StoredItem } from '../../db/records.ts';

export type MessageRecord = StoredItem<typeof MessageEntity>;

/** A deleted message keeps its place and reads as the placeholder (spec 000 §8). */
export function messageView(m: MessageRecord): MessageView {
  return {
    id: m.messageId,
    chatId: m.chatId,
    user: m.authorId,
    userName: m.authorName,
    userAvatar: null,
    message: m.deletedAt ? DELETED_MESSAGE_TEXT : m.text,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt ?? null,
    deletedAt: m.deletedAt ?? null,
  };
}
