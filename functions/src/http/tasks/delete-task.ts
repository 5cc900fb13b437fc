import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { deleteTasks } from '../../core/tasks/tasks.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/{id}[?with_children=true] (spec 001 §7): as DELETE /task with one task. */
export const handler = httpHandler({
  route: routes.deleteTask,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: z.object({ withChildren: z.optional(z.enum(['true', 'false', '1', '0'])) }),
  run: async ({ actor, params, query }) => {
    await deleteTasks(actor, [params.id], query.withChildren === 'true' || query.withChildren === '1');
    return respond(204);
  },
});
