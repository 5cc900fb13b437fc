/**
 * After a change, every view that shows the changed data is read again (SWR `mutate` with a key
 * matcher), not only the list the change was made from: a new group changes the owned-group count,
 * a task marked Done changes the calendar, a renamed group changes the task rows that name it.
 *
 * SWR keys are arrays whose first item names the data; the heads below are those of the features'
 * keys (web/test/revalidate.test.ts checks each feature's key against them).
 */
import { mutate } from 'swr';

export const KEY_HEADS = {
  /** Task lists, one task, its roles, Pending and Delegated (features/tasks, delegation). */
  tasks: 'tasks',
  /** Calendar windows and routine occurrences (features/calendar, routines). */
  occurrences: 'schedule',
  /** One task's schedule (features/schedule). */
  taskSchedule: 'task-schedule',
  groups: 'groups',
  categories: 'group-categories',
  /** Limit counters: owned groups, members, tasks (features/groups, subscription). */
  limits: 'subscription-limits',
  subscription: 'subscription',
  userConfig: 'user-config',
  authUser: 'auth-user',
  timeBlocks: 'time-blocks',
  /** A task's chat, its messages, and the person's recent chats with their unread flags (features/chat). */
  chat: 'chat',
  /** The person's notifications (features/notifications). */
  notifications: 'notifications',
  /** A task's files and video links (features/attachments). */
  attachments: 'attachments',
} as const;

type Head = (typeof KEY_HEADS)[keyof typeof KEY_HEADS];

const H = KEY_HEADS;

/** What each kind of change can make stale. */
export const STALE_AFTER = {
  /** A task created, edited, moved, marked Done, deleted; its roles or assignees. */
  task: [H.tasks, H.occurrences, H.taskSchedule, H.limits],
  /** A schedule set or an occurrence moved: the task's due date and lists follow. */
  schedule: [H.tasks, H.occurrences, H.taskSchedule],
  /**
   * A group created, renamed, recoloured, archived or deleted: the group list and header, the
   * categories holding it, the rows and calendar entries showing its name and colour, the
   * owned-group count, and the saved selection and default group the server tidies.
   */
  group: [
    H.groups,
    H.categories,
    H.tasks,
    H.occurrences,
    H.limits,
    H.subscription,
    H.userConfig,
    H.timeBlocks,
  ],
  /** A member invited, removed, re-invited or given another role: rosters and member counts. */
  member: [H.groups, H.limits, H.tasks],
  /** The default group: the list marks it, the settings hold it. */
  defaultGroup: [H.groups, H.userConfig],
  /** A category created, changed or deleted: the header's selector and the time-block banner. */
  category: [H.categories],
  timeBlock: [H.timeBlocks],
  /** Settings (time zone, formats): lists and the calendar are answered in the person's zone. */
  userConfig: [H.userConfig, H.tasks, H.occurrences],
  /** Name or e-mail: the header, rosters and task rows that show the person. */
  profile: [H.authUser, H.groups, H.tasks],
  /** A message written, edited or deleted, or a chat read: its chat and the unread flags. */
  chat: [H.chat],
  /** A notification made for the person (a `notification` socket event): the pane and the dot. */
  notification: [H.notifications],
  /** A file or video link added, renamed, reordered or removed (an `attachments_changed` event). */
  attachment: [H.attachments],
} as const satisfies Record<string, readonly Head[]>;

export type Change = keyof typeof STALE_AFTER;

/** A key matcher for `mutate`: the keys any of the changes makes stale. */
export function staleAfter(...changes: Change[]): (key: unknown) => boolean {
  const heads = new Set<string>(changes.flatMap((c) => STALE_AFTER[c]));
  return (key) => Array.isArray(key) && typeof key[0] === 'string' && heads.has(key[0]);
}

/** Reads again every loaded key the changes make stale; resolves when they are read. */
export const revalidateAfter = (...changes: Change[]) => mutate(staleAfter(...changes));
