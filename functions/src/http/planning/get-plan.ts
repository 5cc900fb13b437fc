import * as routes from '@tandem/shared/api/areas/planning';
import * as z from 'zod/mini';
import { getPlan } from '../../core/planning/plan.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/plan/{rootId}: the task and its descendants, as the planning viewer draws them. */
export const handler = httpHandler({
  route: routes.getPlan,
  params: z.object({ rootId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getPlan(actor, params.rootId),
});
