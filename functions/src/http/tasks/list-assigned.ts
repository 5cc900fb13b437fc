import { listTasksQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { listTasks } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/assigned: the tasks the caller gave to others (the Delegated tab groups them by assignee). */
export const handler = httpHandler({
  route: routes.listAssignedTasks,
  query: listTasksQuery,
  run: ({ actor, query }) => listTasks(actor, { ...query, delegatedOut: true }),
});
