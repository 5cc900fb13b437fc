import * as routes from '@tandem/shared/api/route-defs';
import { revokeFeed } from '../../core/calendar/calendar-feed.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.revokeCalendarFeed,
  run: async ({ actor }) => {
    await revokeFeed(actor);
    return respond(204);
  },
});
