import * as routes from '@tandem/shared/api/areas/integrations';
import { connectCalendarInput, providerParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { connectCalendar } from '../../core/integrations/integrations.ts';
import { syncIntegration } from '../../core/integrations/sync.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';
import { logger } from '../../lib/logger.ts';

/** POST /integration/connect/{provider}/: links a calendar to a group, then syncs it once. */
export const handler = httpHandler({
  route: routes.connectCalendar,
  params: z.object({ provider: providerParam }),
  body: connectCalendarInput,
  run: async ({ actor, params, body }) => {
    const link = await connectCalendar(actor, params.provider, body);
    // The first sync now, so the person sees their events; the schedule retries whatever fails.
    await syncIntegration(actor, body.integration).catch((e) =>
      logger.warn('first calendar sync failed', { error: String(e) }),
    );
    return respond(201, link);
  },
});
