import * as routes from '@tandem/shared/api/route-defs';
import { getSubscription } from '../../core/user/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getSubscription,
  run: ({ actor }) => getSubscription(actor),
});
