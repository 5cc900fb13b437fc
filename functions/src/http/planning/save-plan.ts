import { savePlanInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/planning';
import * as z from 'zod/mini';
import { savePlan } from '../../core/planning/plan.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/plan/{rootId}: a planning session's changes, checked whole, idempotent by key. */
export const handler = httpHandler({
  route: routes.savePlan,
  params: z.object({ rootId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: savePlanInput,
  run: ({ actor, params, body }) => savePlan(actor, params.rootId, body),
});
