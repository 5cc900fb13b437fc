/**
 * The chat calls (spec 000 §7 Chat, spec 001 §7 "Chat feed for unread"; decisions D38). SWR keys start
 * with 'chat': a chat event on the socket (lib/live) and every write here read them again, so the
 * messages and the unread flags follow without a reload.
 */
import type { Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import { CHAT_RULES, type ChatView, type MessagePage, type MessageView } from '@tandem/shared/chat/chat';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export const recentChatsKey = ['chat', 'recent'] as const;
export const taskChatKey = (taskId: string) => ['chat', 'task', taskId] as const;
export const messagesKey = (chatId: string, pages: number) => ['chat', 'messages', chatId, pages] as const;

export const getRecentChats = () =>
  api<Page<ChatView>>(routes.listRecentChats, { query: { recentMessages: CHAT_RULES.recentMinutes } });
/** The person's chats with a message in the last day, with their unread flags. */
export const useRecentChats = () => useSWR(recentChatsKey, getRecentChats);

export const getTaskChat = (taskId: string) => api<ChatView>(routes.getTaskChat, { params: { taskId } });
export const useTaskChat = (taskId: string | null) =>
  useSWR(taskId ? taskChatKey(taskId) : null, () => getTaskChat(taskId!));

/**
 * The newest `pages` pages of a chat, oldest first for display: each page follows the previous one's
 * cursor back in time. `hasOlder` says whether there is more before them.
 */
export async function loadMessages(chatId: string, pages: number) {
  const loaded: MessageView[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page: MessagePage = await api<MessagePage>(routes.listMessages, {
      params: { id: chatId },
      query: { cursor: cursor ?? undefined, limit: CHAT_RULES.pageSize },
    });
    loaded.push(...page.results);
    cursor = page.next;
    if (!cursor) break;
  }
  return { messages: loaded.reverse(), hasOlder: cursor !== null };
}

export const useMessages = (chatId: string, pages: number) =>
  useSWR(messagesKey(chatId, pages), () => loadMessages(chatId, pages), { keepPreviousData: true });

const afterWrite = () => revalidateAfter('chat');

export async function sendMessage(chatId: string, message: string) {
  const m = await api<MessageView>(routes.postMessage, { params: { id: chatId }, body: { message } });
  await afterWrite();
  return m;
}

export async function editMessage(chatId: string, messageId: string, message: string) {
  const m = await api<MessageView>(routes.editMessage, {
    params: { id: chatId, messageId },
    body: { message },
  });
  await afterWrite();
  return m;
}

export async function deleteMessage(chatId: string, messageId: string) {
  await api<MessageView>(routes.deleteMessage, { params: { id: chatId, messageId } });
  await afterWrite();
}

/** The person has read the chat up to now: its unread flag goes, here and in the list. */
export async function markChatRead(chatId: string) {
  await api<{ hasUnread: false }>(routes.markChatRead, { params: { id: chatId } });
  await afterWrite();
}
