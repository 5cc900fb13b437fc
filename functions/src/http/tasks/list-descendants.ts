import { routes } from '@tandem/shared';
import * as z from 'zod';
import { listDescendants } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listDescendants,
  query: z.object({
    taskId: z.string({ error: 'Name the task.' }).min(1).max(64),
    startFromRoot: z.enum(['0', '1', 'true', 'false']).optional(),
  }),
  run: ({ actor, query }) =>
    listDescendants(actor, query.taskId, query.startFromRoot === '1' || query.startFromRoot === 'true'),
});
