import { notificationIdsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { markRead } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /notifications/read {ids}: read; only the caller's own (else 404, nothing written). */
export const handler = httpHandler({
  route: routes.markNotificationsRead,
  body: notificationIdsInput,
  run: ({ actor, body }) => markRead(actor, body.ids),
});
