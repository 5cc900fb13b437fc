/**
 * Notification settings' defaults and the merge of stored settings over them (notifications.ts
 * re-exports both): apart from the schemas, so that making or reading a person's settings does not
 * carry them (docs/decisions.md D81).
 */
import type {
  ChannelSwitches,
  NotificationSettingKey,
  NotificationSettings,
  NotificationSettingsPatch,
} from './notifications.ts';

const on = (push: boolean): ChannelSwitches => ({ inApp: true, email: true, push });

/**
 * Everything on but push of chat messages and due reminders (pushes wanted only when asked for);
 * chat messages are not e-mailed by default (a busy chat would flood the inbox).
 */
export const defaultNotificationSettings = (): NotificationSettings => ({
  kinds: {
    dueToday: on(false),
    calendar: on(true),
    delegated: on(true),
    groupInvitation: on(true),
    newMessage: { inApp: true, email: false, push: false },
  },
  silenceChime: false,
});

/** Stored settings (possibly older, lacking a kind) merged over the defaults, then a patch over that. */
export function mergeNotificationSettings(
  stored: unknown,
  patch: NotificationSettingsPatch = {},
): NotificationSettings {
  const base = defaultNotificationSettings();
  const s = (stored ?? {}) as Partial<NotificationSettings>;
  const kinds = { ...base.kinds } as NotificationSettings['kinds'];
  for (const k of Object.keys(kinds) as NotificationSettingKey[]) {
    kinds[k] = { ...kinds[k], ...(s.kinds?.[k] ?? {}), ...(patch.kinds?.[k] ?? {}) };
  }
  return { kinds, silenceChime: patch.silenceChime ?? s.silenceChime ?? base.silenceChime };
}
