import * as routes from '@tandem/shared/api/areas/surveys';
import { isValidTimezone } from '@tandem/shared/user/timezone';
import * as z from 'zod/mini';
import { todayCalendar } from '../../core/surveys/download-today.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /download-today/ics?user_timezone=: the Today list as iCalendar text in JSON. */
export const handler = httpHandler({
  route: routes.downloadTodayCalendar,
  query: z.object({
    userTimezone: z._default(
      z.string().check(z.maxLength(64), z.refine(isValidTimezone, 'Unknown time zone')),
      'UTC',
    ),
  }),
  run: ({ actor, query }) => todayCalendar(actor, query.userTimezone),
});
