import { routes } from '@tandem/shared';
import * as z from 'zod';
import { feedFor } from '../../core/calendar/calendar-feed.ts';
import { httpHandler, respondText } from '../../lib/http-handler.ts';

/** Public: the iCalendar feed; the secret token in the URL is the only key. */
export const handler = httpHandler({
  route: routes.getCalendarFeed,
  params: z.object({
    token: z
      .string()
      .min(20)
      .max(120)
      .transform((t) => t.replace(/\.ics$/, '')),
  }),
  run: async ({ params }) => respondText(200, await feedFor(params.token), 'text/calendar; charset=utf-8'),
});
