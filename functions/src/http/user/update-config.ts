import { routes, updateUserConfigInput } from '@tandem/shared';
import { updateUserConfig } from '../../core/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateUserConfig,
  body: updateUserConfigInput,
  run: ({ actor, body }) => updateUserConfig(actor, body),
});
