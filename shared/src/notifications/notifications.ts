/**
 * Notifications (spec 001 §2 pane, §3 Notification, §4, §7, §9; issue 12 items 4 and 6; decisions
 * D39): what a notification is on the wire, the calls' inputs, the per-kind settings with their
 * defaults, and the one rule that decides which channels carry a notification to a person.
 */
import * as z from 'zod/mini';

/** The templates of spec 001 §3, plus new_message (chat, issue 12). */
export const NOTIFICATION_TEMPLATES = [
  'due.today',
  'calendar',
  'delegated',
  'group.invitation',
  'new_message',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

/**
 * The settings' key of each template. Template names have dots and an underscore; the API converts
 * keys between snake_case and camelCase, so settings use plain camelCase keys instead.
 */
export const NOTIFICATION_SETTING_KEYS = {
  'due.today': 'dueToday',
  calendar: 'calendar',
  delegated: 'delegated',
  'group.invitation': 'groupInvitation',
  new_message: 'newMessage',
} as const satisfies Record<NotificationTemplate, string>;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[NotificationTemplate];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Spec 001 §9: the list reads at most 100; the pane shows 5 a page. */
export const NOTIFICATION_LIMIT = 100;
export const NOTIFICATION_PANE_PAGE = 5;
/** A notification is removed this many days after it was made (the table's TTL). */
export const NOTIFICATION_TTL_DAYS = 90;

const channelSwitches = z.strictObject({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelSwitches = z.infer<typeof channelSwitches>;

export const notificationSettingsSchema = z.strictObject({
  kinds: z.strictObject({
    dueToday: channelSwitches,
    calendar: channelSwitches,
    delegated: channelSwitches,
    groupInvitation: channelSwitches,
    newMessage: channelSwitches,
  }),
  /** No chime when something unread arrives (the favicon badge stays). */
  silenceChime: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /user/config/ with `notifications`: any kinds and any of their switches. */
export const notificationSettingsPatch = z.partial(
  z.strictObject({
    kinds: z.partial(
      z.strictObject({
        dueToday: z.partial(channelSwitches),
        calendar: z.partial(channelSwitches),
        delegated: z.partial(channelSwitches),
        groupInvitation: z.partial(channelSwitches),
        newMessage: z.partial(channelSwitches),
      }),
    ),
    silenceChime: z.boolean(),
  }),
);
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatch>;

// The defaults and their merge live apart so that a new user's settings (core/user/user.ts) are made
// without bringing these schemas into the bundle (docs/decisions.md D81).
export * from './settings-defaults.ts';

/**
 * Templates whose e-mail carries the only way to answer (a single-use link: a group invitation and
 * a meeting invitation cannot be answered in the app), so it is sent whatever the e-mail switch
 * says. A task delegated by e-mail can be answered in the app (Pending), so its switch counts.
 */
export const EMAIL_ALWAYS: ReadonlySet<NotificationTemplate> = new Set(['group.invitation', 'calendar']);

/**
 * Templates told as a digest (D46): at most one unread notification per person and subject, its count
 * and latest words updated in place; e-mail and push only when a new one begins.
 */
export const DIGEST_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['new_message']);

/**
 * Which channels carry a notification of this template to a person. Someone without an account has
 * no settings and no inbox in the app: e-mail only. `canEmail` is false when the event has no e-mail.
 */
export function channelsFor(
  template: NotificationTemplate,
  person: { settings: NotificationSettings } | null,
  canEmail = true,
): Set<NotificationChannel> {
  const out = new Set<NotificationChannel>();
  if (!person) {
    if (canEmail) out.add('email');
    return out;
  }
  const s = person.settings.kinds[NOTIFICATION_SETTING_KEYS[template]];
  if (s.inApp) out.add('inApp');
  if (canEmail && (s.email || EMAIL_ALWAYS.has(template))) out.add('email');
  if (s.push) out.add('push');
  return out;
}

/** What a notification is about: the client links to it (/task/{id}, the group's list). */
export interface NotificationSubject {
  type: 'task' | 'group' | 'chat' | 'day';
  id: string;
}

/** A notification as GET /notifications/ answers it (camelCase inside; snake_case on the wire). */
export interface NotificationView {
  id: string;
  templateName: NotificationTemplate;
  /** The words of the text (task title, who did it…), and what it is about (taskId, groupId). */
  variables: Record<string, string | number>;
  /** Label → link inside the app. */
  actions: Record<string, string>;
  createdAt: string;
  /** null until a client has shown it. */
  receivedAt: string | null;
  /** null means unread. */
  readAt: string | null;
  status: 'unreceived' | 'unread' | 'read';
}

export interface NotificationList {
  count: number;
  /** Unread among the person's notifications (at most NOTIFICATION_LIMIT counted). */
  unread: number;
  results: NotificationView[];
}

/** GET /notifications/?page=1&offset=0&limit=100 */
export const listNotificationsQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 1),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)), 0),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(NOTIFICATION_LIMIT)),
    NOTIFICATION_LIMIT,
  ),
});

const notificationId = z.string().check(z.regex(/^[0-9a-z]{8,40}$/, 'Not a notification id.'));

/** PATCH /notifications/received and /notifications/read: the caller's own notifications. */
export const notificationIdsInput = z.strictObject({
  ids: z
    .array(notificationId)
    .check(
      z.minLength(1, 'Choose at least one notification.'),
      z.maxLength(NOTIFICATION_LIMIT, `At most ${NOTIFICATION_LIMIT} at once.`),
    ),
});

/** The socket event sent when a notification is made for the person (docs/realtime.md). */
export interface NotificationEvent {
  type: 'notification';
  /** The change's id (the same on every delivery). */
  id: string;
  notification_id: string;
  template_name: NotificationTemplate;
  at: string;
}

export const isNotificationEvent = (m: unknown): m is NotificationEvent =>
  typeof m === 'object' &&
  m !== null &&
  (m as { type?: unknown }).type === 'notification' &&
  typeof (m as { notification_id?: unknown }).notification_id === 'string';

/**
 * The `change` of a `delegated` notification about a curriculum (D83, D85): no template of their own,
 * a curriculum reaches its learners by delegation, so the `delegated` settings decide the channels.
 */
export const CURRICULUM_CHANGES = { added: 'curriculum_added', removed: 'curriculum_removed' } as const;

/** The link inside the app a notification opens. */
export function notificationLink(n: Pick<NotificationView, 'templateName' | 'variables'>): string {
  const v = n.variables;
  // A meeting invitation opens its answer page (the attendee may not see the task itself).
  if (
    n.templateName === 'calendar' &&
    typeof v.answerPath === 'string' &&
    /^\/accept-attendee-invite\?key=[\w-]+$/.test(v.answerPath)
  )
    return v.answerPath;
  // A calendar connection that stopped working opens the integrations screen to reconnect (D70).
  if (n.templateName === 'calendar' && v.change === 'integration_broken') return '/integrations';
  // A learner added to a curriculum opens it (D85); one taken off falls through to their tasks (D83).
  if (
    n.templateName === 'delegated' &&
    v.change === CURRICULUM_CHANGES.added &&
    typeof v.curriculumId === 'string' &&
    /^[\w-]{1,64}$/.test(v.curriculumId)
  )
    return `/curriculum?id=${v.curriculumId}`;
  if (typeof v.taskId === 'string') return `/task/${v.taskId}`;
  if (n.templateName === 'group.invitation' || typeof v.groupId === 'string') return '/tasks';
  return '/';
}
