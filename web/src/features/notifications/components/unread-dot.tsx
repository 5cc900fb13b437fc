import type { NotificationList } from '@tandem/shared/notifications/notifications';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { listNotifications, notificationsKey } from '../api/notifications.ts';
import '../../../i18n/with-later-texts.ts';

/**
 * The sidebar's unread dot (spec 001 §2, §4). It shows what the signals component
 * (notification-signals.tsx) loads after the first paint, and does not load on mount itself. It
 * still names the fetcher: SWR revalidates a key through its first mounted hook, which is this one.
 */
export function UnreadDot() {
  const { t } = useTranslation();
  const { data } = useSWR<NotificationList>(notificationsKey, listNotifications, {
    revalidateOnMount: false,
  });
  if (!data || data.unread === 0) return null;
  return (
    <span
      role="img"
      data-testid="notifications-unread-dot"
      aria-label={t('notifications.unreadCount', { count: data.unread })}
      style={{
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: 'var(--mantine-color-red-6)',
        display: 'inline-block',
      }}
    />
  );
}
