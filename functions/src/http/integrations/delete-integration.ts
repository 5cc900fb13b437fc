import * as routes from '@tandem/shared/api/areas/integrations';
import { entityId } from '@tandem/shared/api/limits';
import { providerParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { deleteIntegration } from '../../core/integrations/integrations.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /integration/initialize/{provider}/{id}/: revokes the token and stops every sync of it. */
export const handler = httpHandler({
  route: routes.deleteIntegration,
  params: z.object({ provider: providerParam, id: entityId }),
  run: async ({ actor, params }) => {
    await deleteIntegration(actor, params.provider, params.id);
    return respond(204);
  },
});
