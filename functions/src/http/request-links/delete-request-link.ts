import * as routes from '@tandem/shared/api/areas/request-links';
import * as z from 'zod/mini';
import { deleteRequestLink } from '../../core/request-links/links.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';
import { linkIdParam } from './params.ts';

export const handler = httpHandler({
  route: routes.deleteRequestLink,
  params: z.object({ id: linkIdParam }),
  run: async ({ actor, params }) => {
    await deleteRequestLink(actor, params.id);
    return respond(204);
  },
});
