import * as routes from '@tandem/shared/api/areas/planning';
import * as z from 'zod/mini';
import { listPlans } from '../../core/planning/plan.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/plan: the caller's plans (top-level tasks with sub-tasks), a page at a time. */
export const handler = httpHandler({
  route: routes.listPlans,
  query: z.object({ cursor: z.optional(z.string().check(z.maxLength(2000))) }),
  run: ({ actor, query }) => listPlans(actor, query.cursor),
});
