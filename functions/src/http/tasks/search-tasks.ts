import { boundedText, routes } from '@tandem/shared';
import * as z from 'zod';
import { searchTasks } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.searchTasks,
  query: z.object({
    search: boundedText('search').default(''),
    groups: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').filter(Boolean) : [])),
    /** The previous answer's `next` cursor. */
    cursor: z.string().max(2000).optional(),
  }),
  run: ({ actor, query }) => searchTasks(actor, query.search, query.groups, query.cursor),
});
