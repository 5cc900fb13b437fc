import { verifyEmailChangeInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { confirmEmailChange } from '../../core/auth/email-change.ts';
import { accessTokenOf } from '../../lib/access-token.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { toProfile } from './profile.ts';

export const handler = httpHandler({
  route: routes.verifyEmailChange,
  body: verifyEmailChangeInput,
  run: async ({ actor, body, event }) =>
    toProfile(await confirmEmailChange(actor, accessTokenOf(event), body.code)),
});
