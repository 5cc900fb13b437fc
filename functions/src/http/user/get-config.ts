import { routes } from '@tandem/shared';
import { presentConfig } from '../../core/avatar.ts';
import { getUser, isInternalUser } from '../../core/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getUserConfig,
  run: async ({ actor }) => {
    const user = await getUser(actor);
    // is_internal_account: the allow-list's answer for this person (Issues tab, Agendas).
    return { ...(await presentConfig(actor.userId, user.config)), isInternalAccount: isInternalUser(user) };
  },
});
