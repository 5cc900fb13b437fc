import { pageQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listPendingTaskInvitations } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/delegation/invitation?page&limit (or cursor): the caller's open task invitations, a page at a time. */
export const handler = httpHandler({
  route: routes.listTaskInvitations,
  query: z.extend(pageQuery(20, 100), {
    offset: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
    cursor: z.optional(z.string().check(z.maxLength(2000))),
  }),
  run: ({ actor, query }) =>
    listPendingTaskInvitations(actor, { size: query.limit, page: query.page, cursor: query.cursor }),
});
