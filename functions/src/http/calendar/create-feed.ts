import * as routes from '@tandem/shared/api/route-defs';
import { createFeed } from '../../core/calendar/calendar-feed.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /user/calendar-feed: a new private feed URL (the previous one stops working). */
export const handler = httpHandler({
  route: routes.createCalendarFeed,
  run: async ({ actor }) => respond(201, await createFeed(actor)),
});
