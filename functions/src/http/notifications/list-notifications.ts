import { listNotificationsQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { listNotifications } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /notifications/?page=1&offset=0&limit=100: the caller's notifications, newest first. */
export const handler = httpHandler({
  route: routes.listNotifications,
  query: listNotificationsQuery,
  run: ({ actor, query }) => listNotifications(actor, query),
});
