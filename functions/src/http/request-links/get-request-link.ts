import * as routes from '@tandem/shared/api/areas/request-links';
import * as z from 'zod/mini';
import { getRequestLink } from '../../core/request-links/links.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { linkIdParam } from './params.ts';

export const handler = httpHandler({
  route: routes.getRequestLink,
  params: z.object({ id: linkIdParam }),
  run: ({ actor, params }) => getRequestLink(actor, params.id),
});
