import * as routes from '@tandem/shared/api/areas/request-links';
import { toggleRequestLinkInput } from '@tandem/shared/request-links/rules';
import * as z from 'zod/mini';
import { toggleRequestLink } from '../../core/request-links/links.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { linkIdParam } from './params.ts';

export const handler = httpHandler({
  route: routes.toggleRequestLink,
  params: z.object({ id: linkIdParam }),
  body: toggleRequestLinkInput,
  run: ({ actor, params, body }) => toggleRequestLink(actor, params.id, body.isActive),
});
