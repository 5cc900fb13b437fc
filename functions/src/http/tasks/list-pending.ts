import { routes } from '@tandem/shared';
import * as z from 'zod';
import { listPendingTaskInvitations, PENDING_PAGE } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/pending: tasks others asked the caller to take on, a page at a time (decisions D28). */
export const handler = httpHandler({
  route: routes.listPendingTasks,
  query: z.object({
    /** The previous answer's `next` cursor. */
    cursor: z.string().max(2000).optional(),
    size: z.coerce.number().int().min(1).max(PENDING_PAGE).default(PENDING_PAGE),
  }),
  run: ({ actor, query }) => listPendingTaskInvitations(actor, query),
});
