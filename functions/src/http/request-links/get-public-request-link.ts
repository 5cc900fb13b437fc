import * as routes from '@tandem/shared/api/areas/request-links';
import * as z from 'zod/mini';
import { publicRequestLink } from '../../core/request-links/submit.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: the page's branding and form, and a new form ticket; unknown or inactive is 404. */
export const handler = httpHandler({
  route: routes.getPublicRequestLink,
  params: z.object({ id: z.string().check(z.maxLength(64)) }),
  run: ({ params }) => publicRequestLink(params.id),
});
