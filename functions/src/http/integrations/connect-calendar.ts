import * as routes from '@tandem/shared/api/areas/integrations';
import { connectCalendarInput, providerParam } from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { connectCalendar } from '../../core/integrations/integrations.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /integration/connect/{provider}/: links a calendar to a group. */
export const handler = httpHandler({
  route: routes.connectCalendar,
  params: z.object({ provider: providerParam }),
  body: connectCalendarInput,
  run: async ({ actor, params, body }) => {
    // The first sync is the screen's next call (POST /integration/sync/{id}/) or the schedule's run:
    // this route stays as light as the other writes (the sync carries the task rules and rrule).
    return respond(201, await connectCalendar(actor, params.provider, body));
  },
});
