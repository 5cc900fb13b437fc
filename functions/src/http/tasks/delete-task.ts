import { routes } from '@tandem/shared';
import * as z from 'zod';
import { deleteTasks } from '../../core/tasks/tasks.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/{id}[?with_children=true] (spec 001 §7): as DELETE /task with one task. */
export const handler = httpHandler({
  route: routes.deleteTask,
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ withChildren: z.enum(['true', 'false', '1', '0']).optional() }),
  run: async ({ actor, params, query }) => {
    await deleteTasks(actor, [params.id], query.withChildren === 'true' || query.withChildren === '1');
    return respond(204);
  },
});
