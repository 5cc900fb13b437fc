import * as routes from '@tandem/shared/api/route-defs';
import { getUser } from '../../core/user/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { toProfile } from './profile.ts';

export const handler = httpHandler({
  route: routes.getAuthUser,
  run: async ({ actor }) => toProfile(await getUser(actor)),
});
