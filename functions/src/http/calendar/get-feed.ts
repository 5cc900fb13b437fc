import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { feedFor } from '../../core/calendar/calendar-feed.ts';
import { httpHandler, respondText } from '../../lib/http-handler.ts';

/** Public: the iCalendar feed; the secret token in the URL is the only key. */
export const handler = httpHandler({
  route: routes.getCalendarFeed,
  params: z.object({
    token: z.pipe(
      z.string().check(z.minLength(20), z.maxLength(120)),
      z.transform((t) => t.replace(/\.ics$/, '')),
    ),
  }),
  run: async ({ params }) => respondText(200, await feedFor(params.token), 'text/calendar; charset=utf-8'),
});
