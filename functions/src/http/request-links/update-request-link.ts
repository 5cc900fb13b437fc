import * as routes from '@tandem/shared/api/areas/request-links';
import { requestLinkInput } from '@tandem/shared/request-links/rules';
import * as z from 'zod/mini';
import { updateRequestLink } from '../../core/request-links/links.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { linkIdParam } from './params.ts';

/** PUT: the whole configuration again (what is left out takes its default). */
export const handler = httpHandler({
  route: routes.updateRequestLink,
  params: z.object({ id: linkIdParam }),
  body: requestLinkInput,
  run: ({ actor, params, body }) => updateRequestLink(actor, params.id, body),
});
