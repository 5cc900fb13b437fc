import { routes } from '@tandem/shared';
import { getUserConfig } from '../../core/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getUserConfig,
  run: ({ actor }) => getUserConfig(actor),
});
