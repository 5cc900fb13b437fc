import * as routes from '@tandem/shared/api/route-defs';
import { registerPushBody } from '@tandem/shared/push/subscription';
import { registerPush } from '../../core/push/subscriptions.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /notifications/subscription {device_type: 'web', device_token}: this device gets pushes. */
export const handler = httpHandler({
  route: routes.registerPushSubscription,
  body: registerPushBody,
  run: async ({ actor, body }) => {
    await registerPush(actor, body.deviceToken);
    return respond(201, { deviceType: body.deviceType, endpoint: body.deviceToken.endpoint });
  },
});
