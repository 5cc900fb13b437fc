import * as routes from '@tandem/shared/api/areas/integrations';
import { listIntegrations } from '../../core/integrations/integrations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /integration/: the caller's connections, their calendars and links. */
export const handler = httpHandler({
  route: routes.listIntegrations,
  run: async ({ actor }) => ({ results: await listIntegrations(actor) }),
});
