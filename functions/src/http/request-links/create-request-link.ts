import * as routes from '@tandem/shared/api/areas/request-links';
import { requestLinkInput } from '@tandem/shared/request-links/rules';
import { createRequestLink } from '../../core/request-links/links.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createRequestLink,
  body: requestLinkInput,
  run: async ({ actor, body }) => respond(201, await createRequestLink(actor, body)),
});
