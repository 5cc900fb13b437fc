import * as routes from '@tandem/shared/api/areas/integrations';
import { providerParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { listIntegrations } from '../../core/integrations/integrations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /integration/initialize/{provider}/: the caller's connections of one provider. */
export const handler = httpHandler({
  route: routes.getIntegrations,
  params: z.object({ provider: providerParam }),
  run: async ({ actor, params }) => ({ results: await listIntegrations(actor, params.provider) }),
});
