import * as routes from '@tandem/shared/api/areas/request-links';
import { listRequestLinks } from '../../core/request-links/links.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** The caller's links, newest first (at most REQUEST_LINK_LIMITS.links: one page). */
export const handler = httpHandler({
  route: routes.listRequestLinks,
  run: async ({ actor }) => ({ results: await listRequestLinks(actor) }),
});
