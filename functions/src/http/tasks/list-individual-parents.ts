import { listTasksQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { listTasks } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/individual-delegated-parent?group: the caller's individual delegations (IP parents). */
export const handler = httpHandler({
  route: routes.listIndividualParents,
  query: listTasksQuery,
  run: ({ actor, query }) => listTasks(actor, { ...query, isOwner: '1', delegationType: 'IP' }),
});
