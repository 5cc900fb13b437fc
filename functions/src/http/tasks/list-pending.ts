import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listPendingTaskInvitations, PENDING_PAGE } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/pending: tasks others asked the caller to take on, a page at a time (decisions D28). */
export const handler = httpHandler({
  route: routes.listPendingTasks,
  query: z.object({
    /** The previous answer's `next` cursor. */
    cursor: z.optional(z.string().check(z.maxLength(2000))),
    size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PENDING_PAGE)), PENDING_PAGE),
  }),
  run: ({ actor, query }) => listPendingTaskInvitations(actor, query),
});
