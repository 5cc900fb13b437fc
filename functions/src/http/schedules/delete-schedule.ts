import { routes } from '@tandem/shared';
import * as z from 'zod';
import { deleteSchedule } from '../../core/schedules/schedules.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/schedule/{id}[?priority_group]: the task goes back to Now unless a group is given. */
export const handler = httpHandler({
  route: routes.deleteSchedule,
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ priorityGroup: z.coerce.number().int().min(0).max(3).optional() }),
  run: async ({ actor, params, query }) => {
    await deleteSchedule(actor, params.id, query.priorityGroup);
    return respond(204);
  },
});
