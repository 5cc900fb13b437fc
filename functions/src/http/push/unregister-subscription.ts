import * as routes from '@tandem/shared/api/route-defs';
import { unregisterPushBody } from '@tandem/shared/push/subscription';
import { unregisterPush } from '../../core/push/subscriptions.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/**
 * DELETE /notifications/subscription {device_type: 'web', device_token}: the device with the token's
 * endpoint (the token, or the endpoint alone) gets no more pushes. 204 also when it was not registered.
 */
export const handler = httpHandler({
  route: routes.unregisterPushSubscription,
  body: unregisterPushBody,
  run: async ({ actor, body }) => {
    await unregisterPush(actor, body.deviceToken.endpoint);
    return respond(204);
  },
});
