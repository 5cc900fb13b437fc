import { routes } from '@tandem/shared';
import * as z from 'zod';
import { taskPermission } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getTaskPermission,
  params: z.object({ id: z.string().min(1).max(64) }),
  run: ({ actor, params }) => taskPermission(actor, params.id),
});
