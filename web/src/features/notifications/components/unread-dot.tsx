import type { NotificationList } from '@tandem/shared/notifications/notifications';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { notificationsKey } from '../api/notifications.ts';

/**
 * The sidebar's unread dot (spec 001 §2, §4). It reads what the signals component
 * (notification-signals.tsx) loads, and never fetches itself: the sidebar stays off the network.
 */
export function UnreadDot() {
  const { t } = useTranslation();
  const { data } = useSWR<NotificationList>(notificationsKey, null);
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
