import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { removeMember } from '../../core/groups/members.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.removeMember,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) }),
  run: async ({ actor, params }) => {
    await removeMember(actor, params.id);
    return respond(204);
  },
});
