/**
 * Chat per task (spec 000 §2, §3, §5, §7, §8, §9; spec 001 §7 "Chat feed for unread"; decisions D38):
 * the rules the server enforces and the web shows, once. A task's chat has the task's id; its viewers
 * are the people who can read the task, and those with the task action enableChat may write.
 */
export const CHAT_RULES = {
  /** The longest message, in characters (after trimming). */
  maxMessageLength: 4000,
  /** Messages a page when a chat is read back in time. */
  pageSize: 30,
  maxPageSize: 100,
  /** A person may post this many messages in a window of `floodWindowSeconds` (then 429). */
  floodMessages: 30,
  floodWindowSeconds: 60,
  /** The window of GET /chat?recent_messages= by default, in minutes (spec 000 §9). */
  recentMinutes: 1440,
  /** The longest window a caller may ask for: 30 days. */
  maxRecentMinutes: 30 * 1440,
  /** Viewer avatars shown in the chat header before "+N" (spec 000 §9). */
  headerAvatars: 4,
} as const;

/** What a deleted message reads as (spec 000 §8). */
export const DELETED_MESSAGE_TEXT = 'Message has been deleted';

export const CHAT_MESSAGES = {
  empty: 'Write a message first.',
  tooLong: `A message can be at most ${CHAT_RULES.maxMessageLength} characters.`,
  flood: 'You are sending messages too quickly. Wait a moment and try again.',
  notAuthor: 'Only the author of a message can change or delete it.',
  noChat: 'You cannot write in this chat.',
} as const;

export interface ChatViewer {
  id: string;
  fullName: string;
  avatar: string | null;
}

/** A chat (spec 000 §3). */
export interface ChatView {
  id: string;
  attachedObject: { id: string; title: string; parent: string | null };
  viewers: ChatViewer[];
  hasUnread: boolean;
  /** Ours: whether the caller may write (the task action enableChat). */
  canWrite: boolean;
  /** Ours: when its last message was written, or null. */
  lastMessageAt: string | null;
}

/** A message (spec 000 §3). A deleted one keeps its place: deletedAt set, its text DELETED_MESSAGE_TEXT. */
export interface MessageView {
  id: string;
  chatId: string;
  user: string;
  userName: string;
  userAvatar: string | null;
  message: string;
  createdAt: string;
  updatedAt: string | null;
  deletedAt: string | null;
}

/** A page of messages, newest first; `next` is the cursor of the page before it, or null at the start. */
export interface MessagePage {
  results: MessageView[];
  next: string | null;
}

/**
 * Message ids sort by time: milliseconds since the epoch in base 36 (9 digits, enough until the
 * year 5188) and 8 random characters. A chat's messages are read newest first by their ids.
 */
export function newMessageId(now: number, random: string): string {
  return (
    now.toString(36).padStart(9, '0') +
    random
      .toLowerCase()
      .replace(/[^0-9a-z]/g, '')
      .padEnd(8, '0')
      .slice(0, 8)
  );
}

/** Whether a chat has something the person has not read: a newer message than their mark, not their own. */
export function hasUnread(
  last: { at: string; authorId: string } | null,
  readAt: string | null,
  userId: string,
): boolean {
  if (!last || last.authorId === userId) return false;
  return readAt === null || last.at > readAt;
}

/** Text split into plain runs and web links, which the chat makes clickable; nothing else is markup. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    let href = m[0];
    const trail = TRAILING.exec(href)?.[0] ?? '';
    if (trail) href = href.slice(0, -trail.length);
    const start = m.index;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: href, href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** The chat's time format: day and month by the person's preference, then hours and minutes. */
export function chatTime(iso: string, dateFormat: 'day_first' | 'month_first', timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const date = dateFormat === 'day_first' ? `${get('day')}/${get('month')}` : `${get('month')}/${get('day')}`;
  return `${date} ${get('hour')}:${get('minute')}`;
}
