import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listTaskRoles } from '../../core/tasks/task-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /user/task/role?task=: the roles given on a task. */
export const handler = httpHandler({
  route: routes.listTaskRoles,
  query: z.object({ task: z.string({ error: 'Name the task.' }).check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, query }) => listTaskRoles(actor, query.task),
});
