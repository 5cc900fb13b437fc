/**
 * What travels on the WebSocket (ARCHITECTURE §7, docs/realtime.md): the events the stream consumer
 * sends when something changes, and the client's connection rules (spec 000 §8, §9). Every event is
 * a JSON object with a `type`; events that report a change also carry an `id`, the same on every
 * delivery of that change, so a client that hears it twice (delivery is at least once) drops the
 * second.
 */

/** The kinds of task change a socket hears of. */
export const TASK_EVENT_TYPES = {
  /** A task was created (in a group the listener can see, or for them). */
  created: 'task_created',
  /** Its fields changed: title, status, completion, schedule, assignees, roles, invitations. */
  changed: 'task_changed',
  /** It moved to another group or under another parent. */
  moved: 'task_moved',
  deleted: 'task_deleted',
} as const;

export type TaskEventType = (typeof TASK_EVENT_TYPES)[keyof typeof TASK_EVENT_TYPES];

/** A task change, as the socket carries it (snake_case on the wire). */
export interface TaskEvent {
  type: TaskEventType;
  /** The change's id: the same on every delivery of it. */
  id: string;
  task_id: string;
  group_id: string;
  parent_id: string | null;
  /** On task_moved: where it was. */
  previous_group_id?: string;
  previous_parent_id?: string | null;
  /** The task's version after the change (absent on task_deleted). */
  version?: number;
  /** When the change was written (ISO 8601, UTC). */
  at: string;
}

const TASK_TYPES = new Set<string>(Object.values(TASK_EVENT_TYPES));

/** Whether a parsed socket message is a task event (the client ignores what it does not know). */
export function isTaskEvent(message: unknown): message is TaskEvent {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return (
    typeof m.type === 'string' &&
    TASK_TYPES.has(m.type) &&
    typeof m.id === 'string' &&
    typeof m.task_id === 'string'
  );
}

/** The web client's connection rules (spec 000 §8, §9: "up to 10 reconnects, backoff 1 s doubling to a 10 s cap; queue flushed 500 ms after connect; 3 retries"). */
export const SOCKET_RULES = {
  firstReconnectDelayMs: 1000,
  maxReconnectDelayMs: 10_000,
  maxReconnects: 10,
  flushDelayMs: 500,
  /** A queued message is dropped after this many failed sends. */
  maxSendAttempts: 3,
  /** API Gateway closes a socket idle for 10 minutes; a ping well inside that keeps it. */
  keepAliveMs: 5 * 60 * 1000,
  /** Event ids remembered for de-duplication. */
  seenEventIds: 500,
} as const;

/** The wait before reconnect number `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function reconnectDelay(attempt: number): number {
  const doubled = SOCKET_RULES.firstReconnectDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(doubled, SOCKET_RULES.maxReconnectDelayMs);
}

/**
 * At most this many posts to sockets are in flight at once from one consumer invocation: a change in
 * a group of 1,000 members opens 50 requests at a time, not 1,000 (docs/realtime.md, D41).
 */
export const MAX_PARALLEL_POSTS = 50;

/** A group's own fields or its roster changed (D41): members old and new hear it. */
export const GROUP_EVENT_TYPES = {
  /** Created, renamed, recoloured, archived or deleted: `change` says which. */
  group: 'group_changed',
  /** A member added, removed, or their role or status changed. */
  roster: 'roster_changed',
} as const;

export type GroupEventType = (typeof GROUP_EVENT_TYPES)[keyof typeof GROUP_EVENT_TYPES];

export interface GroupEvent {
  type: GroupEventType;
  id: string;
  group_id: string;
  /** On group_changed. */
  change?: 'created' | 'changed' | 'deleted';
  at: string;
}

/** A person's own place of a task changed (priority group, order, dismissed): their other tabs hear it. */
export const PLACEMENT_EVENT_TYPE = 'placement_changed';

export interface PlacementEvent {
  type: typeof PLACEMENT_EVENT_TYPE;
  id: string;
  task_id: string;
  priority_group: number;
  at: string;
}

const GROUP_TYPES = new Set<string>(Object.values(GROUP_EVENT_TYPES));
const hasId = (m: unknown): m is Record<string, unknown> =>
  typeof m === 'object' && m !== null && typeof (m as { id?: unknown }).id === 'string';

export const isGroupEvent = (m: unknown): m is GroupEvent =>
  hasId(m) && typeof m.type === 'string' && GROUP_TYPES.has(m.type) && typeof m.group_id === 'string';

export const isPlacementEvent = (m: unknown): m is PlacementEvent =>
  hasId(m) && m.type === PLACEMENT_EVENT_TYPE && typeof m.task_id === 'string';

/** The chat events a socket hears (spec 000 §7 "real-time templates"; docs/realtime.md "Chat"). */
export const CHAT_EVENT_TYPES = {
  created: 'new_message',
  updated: 'update_message',
  deleted: 'delete_message',
} as const;

export type ChatEventType = (typeof CHAT_EVENT_TYPES)[keyof typeof CHAT_EVENT_TYPES];

/** A message written, edited or deleted, as the socket carries it; heard by the chat's viewers. */
export interface ChatEvent {
  type: ChatEventType;
  /** The message's id (the spec's `id`); the change's own id, for de-duplication, is `event_id`. */
  id: string;
  event_id: string;
  chat_id: string;
  /** The author's user id and name, and avatar (null when none). */
  author: string;
  author_name: string;
  author_avatar: string | null;
  /** The text; the deleted placeholder on delete_message. */
  message: string;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

const CHAT_TYPES = new Set<string>(Object.values(CHAT_EVENT_TYPES));

/** Whether a parsed socket message is a chat event. */
export function isChatEvent(message: unknown): message is ChatEvent {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return typeof m.type === 'string' && CHAT_TYPES.has(m.type) && typeof m.chat_id === 'string';
}

/**
 * A person's own membership of a group changed (D46): its place in their order, or their own archive
 * of it. Only their own sockets hear it; their other tabs read their groups again.
 */
export const MEMBERSHIP_EVENT_TYPE = 'membership_changed';

export interface MembershipEvent {
  type: typeof MEMBERSHIP_EVENT_TYPE;
  id: string;
  group_id: string;
  /** What changed: the place in the person's order, their archive (status), or both. */
  change: 'order' | 'status' | 'order_and_status';
  at: string;
}

export const isMembershipEvent = (m: unknown): m is MembershipEvent =>
  hasId(m) && m.type === MEMBERSHIP_EVENT_TYPE && typeof m.group_id === 'string';

/**
 * A task's files or video links changed (added, renamed, reordered, removed): everyone who may see the
 * task reads its attachments again (D62, docs/realtime.md).
 */
export const ATTACHMENT_EVENT_TYPE = 'attachments_changed';

export interface AttachmentEvent {
  type: typeof ATTACHMENT_EVENT_TYPE;
  id: string;
  task_id: string;
  at: string;
}

export const isAttachmentEvent = (m: unknown): m is AttachmentEvent =>
  hasId(m) && m.type === ATTACHMENT_EVENT_TYPE && typeof m.task_id === 'string';
