import { listTasksQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listTasks } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTasks,
  query: z.extend(listTasksQuery, { userTimezone: z.optional(z.string().check(z.maxLength(64))) }),
  run: ({ actor, query }) => listTasks(actor, query, query.userTimezone),
});
