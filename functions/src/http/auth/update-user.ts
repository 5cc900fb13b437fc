import { routes, updateAuthUserInput } from '@tandem/shared';
import { updateProfile } from '../../core/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { toProfile } from './profile.ts';

export const handler = httpHandler({
  route: routes.updateAuthUser,
  body: updateAuthUserInput,
  run: async ({ actor, body }) => toProfile(await updateProfile(actor, body)),
});
