import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { withdrawTaskInvitation } from '../../core/tasks/task-delegation.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.withdrawTaskInvitation,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) }),
  run: async ({ actor, params }) => {
    await withdrawTaskInvitation(actor, params.id);
    return respond(204);
  },
});
