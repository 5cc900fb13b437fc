import { pageOf, pageQuery, routes } from '@tandem/shared';
import * as z from 'zod';
import { listPendingTaskInvitations } from '../../core/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/delegation/invitation?page&offset&limit: the caller's open task invitations, a page at a time. */
export const handler = httpHandler({
  route: routes.listTaskInvitations,
  query: pageQuery(20, 100).extend({ offset: z.coerce.number().int().min(0).optional() }),
  run: async ({ actor, query }) => {
    const all = await listPendingTaskInvitations(actor);
    return pageOf(all.results, query.page, query.limit);
  },
});
