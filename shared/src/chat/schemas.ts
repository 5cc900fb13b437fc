/** The chat calls' input (decisions D38), apart from the rules so the web's first screen carries no zod. */
import * as z from 'zod';
import { CHAT_MESSAGES, CHAT_RULES } from './chat.ts';

/** The text of a message: trimmed, not empty, at most maxMessageLength characters. */
export const messageText = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: CHAT_MESSAGES.empty })
      .max(CHAT_RULES.maxMessageLength, { error: CHAT_MESSAGES.tooLong }),
  );

/** POST /chat/{id}/message and PATCH /chat/{id}/message/{messageId}. */
export const messageInput = z.strictObject({ message: messageText });
export type MessageInput = z.infer<typeof messageInput>;

/** GET /chat/{id}/message: a page back in time from `cursor` (the oldest message id seen). */
export const messagePageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[0-9a-z]{1,40}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_RULES.maxPageSize).default(CHAT_RULES.pageSize),
});

/** GET /chat?recent_messages=N: the caller's chats with a message in the last N minutes. */
export const recentChatsQuery = z.object({
  recentMessages: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_RULES.maxRecentMinutes)
    .default(CHAT_RULES.recentMinutes),
});
