import { updateUserConfigInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { presentConfig } from '../../core/user/avatar-view.ts';
import { updateUserConfig } from '../../core/user/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateUserConfig,
  body: updateUserConfigInput,
  run: async ({ actor, body }) => presentConfig(actor.userId, await updateUserConfig(actor, body)),
});
