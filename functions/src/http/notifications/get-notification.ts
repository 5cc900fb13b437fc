import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getNotification } from '../../core/notifications/notifications.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /notifications/events/{id}: one of the caller's notifications. */
export const handler = httpHandler({
  route: routes.getNotification,
  params: z.object({ id: z.string().min(1).max(64) }),
  run: ({ actor, params }) => getNotification(actor, params.id),
});
