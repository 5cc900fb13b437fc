import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { deleteSchedule } from '../../core/schedules/schedules.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/schedule/{id}[?priority_group]: the task goes back to Now unless a group is given. */
export const handler = httpHandler({
  route: routes.deleteSchedule,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: z.object({ priorityGroup: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(3))) }),
  run: async ({ actor, params, query }) => {
    await deleteSchedule(actor, params.id, query.priorityGroup);
    return respond(204);
  },
});
