/** The chat calls' input (decisions D38), apart from the rules so the web's first screen carries no zod. */
import * as z from 'zod/mini';
import { CHAT_MESSAGES, CHAT_RULES } from './chat.ts';

/** The text of a message: trimmed, not empty, at most maxMessageLength characters. */
export const messageText = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s) => s.trim()),
  ),
  z
    .string()
    .check(
      z.minLength(1, { error: CHAT_MESSAGES.empty }),
      z.maxLength(CHAT_RULES.maxMessageLength, { error: CHAT_MESSAGES.tooLong }),
    ),
);

/** POST /chat/{id}/message and PATCH /chat/{id}/message/{messageId}. */
export const messageInput = z.strictObject({ message: messageText });
export type MessageInput = z.infer<typeof messageInput>;

/** GET /chat/{id}/message: a page back in time from `cursor` (the oldest message id seen). */
export const messagePageQuery = z.object({
  cursor: z.optional(z.string().check(z.regex(/^[0-9a-z]{1,40}$/))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(CHAT_RULES.maxPageSize)),
    CHAT_RULES.pageSize,
  ),
});

/** GET /chat?recent_messages=N: the caller's chats with a message in the last N minutes. */
export const recentChatsQuery = z.object({
  recentMessages: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(CHAT_RULES.maxRecentMinutes)),
    CHAT_RULES.recentMinutes,
  ),
});
