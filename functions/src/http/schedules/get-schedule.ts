import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getSchedule } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/schedule/{id}: the task's schedule; 404 means it has none. */
export const handler = httpHandler({
  route: routes.getSchedule,
  params: z.object({ id: z.string().min(1).max(64) }),
  run: ({ actor, params }) => getSchedule(actor, params.id),
});
