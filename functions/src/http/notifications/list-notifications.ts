import { listNotificationsQuery, routes } from '@tandem/shared';
import { listNotifications } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /notifications/?page=1&offset=0&limit=100: the caller's notifications, newest first. */
export const handler = httpHandler({
  route: routes.listNotifications,
  query: listNotificationsQuery,
  run: ({ actor, query }) => listNotifications(actor, query),
});
