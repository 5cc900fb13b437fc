import { updateAuthUserInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { requestEmailChange } from '../../core/auth/email-change.ts';
import { updateProfile } from '../../core/user/user.ts';
import { accessTokenOf } from '../../lib/access-token.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { toProfile } from './profile.ts';

export const handler = httpHandler({
  route: routes.updateAuthUser,
  body: updateAuthUserInput,
  run: async ({ actor, body: { email, ...names }, event }) => {
    let user =
      Object.keys(names).length > 0 || email === undefined ? await updateProfile(actor, names) : null;
    if (email !== undefined) user = await requestEmailChange(actor, accessTokenOf(event), email);
    return toProfile(user!);
  },
});
