import { routes } from '@tandem/shared';
import * as z from 'zod';
import { removeTaskRole } from '../../core/tasks/task-roles.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.removeTaskRole,
  params: z.object({ id: z.string().min(1).max(120) }),
  run: async ({ actor, params }) => {
    await removeTaskRole(actor, params.id);
    return respond(204);
  },
});
