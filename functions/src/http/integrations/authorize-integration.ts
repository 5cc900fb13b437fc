import * as routes from '@tandem/shared/api/areas/integrations';
import { entityId } from '@tandem/shared/api/limits';
import { oauthProviderParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { startAuthorization } from '../../core/integrations/integrations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/**
 * GET /integration/authorize/{google|azure}/[?integration={id}]: where to send the person to sign in;
 * with a connection of theirs (Reconnect), signing in as its account (D83).
 */
export const handler = httpHandler({
  route: routes.authorizeIntegration,
  params: z.object({ provider: oauthProviderParam }),
  query: z.object({ integration: z.optional(entityId) }),
  run: async ({ actor, params, query }) => ({
    url: (await startAuthorization(actor, params.provider, new Date(), query.integration)).url,
  }),
});
