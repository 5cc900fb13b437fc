import { routes } from '@tandem/shared';
import { listPendingTaskInvitations } from '../../core/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/pending: tasks others asked the caller to take on (bounded by what is open for them). */
export const handler = httpHandler({
  route: routes.listPendingTasks,
  run: ({ actor }) => listPendingTaskInvitations(actor),
});
