import { listTasksQuery, routes } from '@tandem/shared';
import * as z from 'zod';
import { listTasks } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTasks,
  query: listTasksQuery.extend({ userTimezone: z.string().max(64).optional() }),
  run: ({ actor, query }) => listTasks(actor, query, query.userTimezone),
});
