import { searchValuesQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { searchValues } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/custom/value/search?task&user: a task's values, or one person's. */
export const handler = httpHandler({
  route: routes.searchCustomValues,
  query: searchValuesQuery,
  run: async ({ actor, query }) => ({ results: await searchValues(actor, query.task, query.user) }),
});
