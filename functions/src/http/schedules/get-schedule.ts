import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getSchedule } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/schedule/{id}: the task's schedule; 404 means it has none. */
export const handler = httpHandler({
  route: routes.getSchedule,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getSchedule(actor, params.id),
});
