import * as routes from '@tandem/shared/api/areas/request-links';
import { logoUploadInput } from '@tandem/shared/request-links/rules';
import { createLogoUpload } from '../../core/request-links/links.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createRequestLinkLogoUpload,
  body: logoUploadInput,
  run: async ({ actor, body }) => respond(201, await createLogoUpload(actor, body)),
});
