import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getNotification } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /notifications/events/{id}: one of the caller's notifications. */
export const handler = httpHandler({
  route: routes.getNotification,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getNotification(actor, params.id),
});
