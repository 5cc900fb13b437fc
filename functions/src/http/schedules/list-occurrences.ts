import * as routes from '@tandem/shared/api/route-defs';
import { occurrencesQuery } from '@tandem/shared/time/schedule';
import { listOccurrences } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/schedule: occurrences of the caller's scheduled tasks in a window, in each schedule's zone. */
export const handler = httpHandler({
  route: routes.listOccurrences,
  query: occurrencesQuery,
  run: ({ actor, query }) =>
    listOccurrences(actor, {
      ...query,
      routinesOnly: query.routinesOnly === '1' || query.routinesOnly === 'true',
    }),
});
