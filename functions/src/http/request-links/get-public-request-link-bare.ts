import * as routes from '@tandem/shared/api/areas/request-links';
import { REQUEST_LINK_MESSAGES } from '@tandem/shared/request-links/constants';
import { NotFoundError } from '../../lib/errors.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/**
 * Public: /request-links/public with no id. Without this literal route the path would reach the
 * owner's GET /request-links/{id} (id 'public') and its sign-in check; it is simply no link (404).
 */
export const handler = httpHandler({
  route: routes.getPublicRequestLinkBare,
  run: async () => {
    throw new NotFoundError(REQUEST_LINK_MESSAGES.notFound);
  },
});
