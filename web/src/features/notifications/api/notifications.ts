/**
 * The notification calls (spec 001 §7, §9; decisions D39): the newest 100 in one read (the pane
 * splits them into Unread and Read, 5 a page), marked received when the pane shows them and read
 * when the person says so. SWR key head 'notifications': a `notification` socket event reads it
 * again (lib/live).
 */
import * as routes from '@tandem/shared/api/route-defs';
import { NOTIFICATION_LIMIT, type NotificationList } from '@tandem/shared/notifications/notifications';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export const notificationsKey = ['notifications'] as const;

export const listNotifications = () =>
  api<NotificationList>(routes.listNotifications, {
    query: { page: 1, offset: 0, limit: NOTIFICATION_LIMIT },
  });

export const useNotifications = () => useSWR(notificationsKey, listNotifications);

export async function markReceived(ids: readonly string[]) {
  if (ids.length === 0) return;
  await api(routes.markNotificationsReceived, { body: { ids } });
  await mutate(notificationsKey);
}

export async function markRead(ids: readonly string[]) {
  if (ids.length === 0) return;
  try {
    await api(routes.markNotificationsRead, { body: { ids } });
  } finally {
    await mutate(notificationsKey);
  }
}
