import * as routes from '@tandem/shared/api/areas/integrations';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { syncIntegration } from '../../core/integrations/sync.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /integration/sync/{id}/: syncs the connection's calendars now and answers what changed. */
export const handler = httpHandler({
  route: routes.syncIntegration,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => syncIntegration(actor, params.id),
});
