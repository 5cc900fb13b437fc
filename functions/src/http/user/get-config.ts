import { routes } from '@tandem/shared';
import { presentConfig } from '../../core/avatar.ts';
import { getUserConfig } from '../../core/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getUserConfig,
  run: async ({ actor }) => presentConfig(actor.userId, await getUserConfig(actor)),
});
