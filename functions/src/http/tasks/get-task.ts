import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getTask } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getTask,
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ userTimezone: z.string().max(64).optional() }),
  run: ({ actor, params, query }) => getTask(actor, params.id, query.userTimezone),
});
