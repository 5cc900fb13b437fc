import * as routes from '@tandem/shared/api/areas/request-links';
import * as z from 'zod/mini';
import { deleteRequestLinkAssignee } from '../../core/request-links/links.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Answers the link without the assignee. */
export const handler = httpHandler({
  route: routes.deleteRequestLinkAssignee,
  params: z.object({ id: z.string().check(z.maxLength(80)) }),
  run: ({ actor, params }) => deleteRequestLinkAssignee(actor, params.id),
});
