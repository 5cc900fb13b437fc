import { routes } from '@tandem/shared';
import * as z from 'zod';
import { deleteGroup } from '../../core/groups/groups.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.deleteGroup,
  params: z.object({ id: z.string().min(1).max(64) }),
  run: async ({ actor, params }) => {
    await deleteGroup(actor, params.id);
    return respond(204);
  },
});
