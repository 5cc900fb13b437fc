import { boundedText } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { searchTasks } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.searchTasks,
  query: z.object({
    search: z._default(boundedText('search'), ''),
    groups: z.pipe(
      z.optional(z.string()),
      z.transform((v) => (v ? v.split(',').filter(Boolean) : [])),
    ),
    /** The previous answer's `next` cursor. */
    cursor: z.optional(z.string().check(z.maxLength(2000))),
  }),
  run: ({ actor, query }) => searchTasks(actor, query.search, query.groups, query.cursor),
});
