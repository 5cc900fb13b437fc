import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listDescendants } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listDescendants,
  query: z.object({
    taskId: z.string({ error: 'Name the task.' }).check(z.minLength(1), z.maxLength(64)),
    startFromRoot: z.optional(z.enum(['0', '1', 'true', 'false'])),
  }),
  run: ({ actor, query }) =>
    listDescendants(actor, query.taskId, query.startFromRoot === '1' || query.startFromRoot === 'true'),
});
