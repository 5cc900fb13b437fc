import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { dismissTask } from '../../core/tasks/tasks.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** PATCH /task/dismiss/{id}: takes the task off the caller's own lists. */
export const handler = httpHandler({
  route: routes.dismissTask,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => {
    await dismissTask(actor, params.id);
    return respond(204);
  },
});
