import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getTask } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getTask,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: z.object({ userTimezone: z.optional(z.string().check(z.maxLength(64))) }),
  run: ({ actor, params, query }) => getTask(actor, params.id, query.userTimezone),
});
