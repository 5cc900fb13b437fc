import { pageQuery, routes } from '@tandem/shared';
import * as z from 'zod';
import { listPendingTaskInvitations } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/delegation/invitation?page&limit (or cursor): the caller's open task invitations, a page at a time. */
export const handler = httpHandler({
  route: routes.listTaskInvitations,
  query: pageQuery(20, 100).extend({
    offset: z.coerce.number().int().min(0).optional(),
    cursor: z.string().max(2000).optional(),
  }),
  run: ({ actor, query }) =>
    listPendingTaskInvitations(actor, { size: query.limit, page: query.page, cursor: query.cursor }),
});
