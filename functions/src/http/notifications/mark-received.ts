import { notificationIdsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { markReceived } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /notifications/received {ids}: shown by a client; only the caller's own (else 404). */
export const handler = httpHandler({
  route: routes.markNotificationsReceived,
  body: notificationIdsInput,
  run: ({ actor, body }) => markReceived(actor, body.ids),
});
