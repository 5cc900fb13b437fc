/** A stored message as the API and the socket show it (pure: the calls and the stream consumer share it). */
import { DELETED_MESSAGE_TEXT, type MessageView } from '@tandem/shared';
import type { MessageEntity } from '../../db/entities/chat.ts';
import type { StoredItem } from '../../db/records.ts';
import { avatarKey } from '../../lib/avatar-urls.ts';

export type MessageRecord = StoredItem<typeof MessageEntity>;

/**
 * A deleted message keeps its place and reads as the placeholder (spec 000 §8). The author's avatar is
 * their current one where the task or its roster names them (`avatars`: viewerAvatarsOf, D48), else
 * the one they had when they wrote it; an object key, made a link on the way out (lib/avatar-urls.ts).
 */
export function messageView(m: MessageRecord, avatars?: ReadonlyMap<string, string | null>): MessageView {
  return {
    id: m.messageId,
    chatId: m.chatId,
    user: m.authorId,
    userName: m.authorName,
    userAvatar: avatarKey(m.authorId, avatars?.has(m.authorId) ? avatars.get(m.authorId) : m.authorAvatarId),
    message: m.deletedAt ? DELETED_MESSAGE_TEXT : m.text,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt ?? null,
    deletedAt: m.deletedAt ?? null,
  };
}
