import * as routes from '@tandem/shared/api/areas/integrations';
import { oauthProviderParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { startAuthorization } from '../../core/integrations/integrations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /integration/authorize/{google|azure}/: where to send the person to sign in. */
export const handler = httpHandler({
  route: routes.authorizeIntegration,
  params: z.object({ provider: oauthProviderParam }),
  run: async ({ actor, params }) => ({ url: (await startAuthorization(actor, params.provider)).url }),
});
