import * as routes from '@tandem/shared/api/areas/integrations';
import { entityId } from '@tandem/shared/api/limits';
import { providerParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { disconnectCalendar } from '../../core/integrations/integrations.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /integration/connect/{provider}/{id}/: stops syncing one calendar. */
export const handler = httpHandler({
  route: routes.disconnectCalendar,
  params: z.object({ provider: providerParam, id: entityId }),
  run: async ({ actor, params }) => {
    await disconnectCalendar(actor, params.provider, params.id);
    return respond(204);
  },
});
