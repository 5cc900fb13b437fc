import { agendasAllowed } from '@tandem/shared/agendas/allow-list';
import * as routes from '@tandem/shared/api/route-defs';
import { presentConfig } from '../../core/user/avatar-view.ts';
import { getUser, isInternalUser } from '../../core/user/user.ts';
import { env } from '../../lib/env.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Settings, and `is_provisioned` (spec 001 §3): reading them finishes a provisioning left undone. */
export const handler = httpHandler({
  route: routes.getUserConfig,
  run: async ({ actor }) => {
    const user = await getUser(actor);
    return {
      ...(await presentConfig(actor.userId, user.config)),
      isProvisioned: !!user.provisionedAt,
      // The allow-list's answer for this person (Issues tab, Agendas).
      isInternalAccount: isInternalUser(user),
      // The agendas allow-list's answer (decisions D67): the Agendas entry.
      agendasAllowed: agendasAllowed(env.agendaAccounts, user.email),
    };
  },
});
