import { messagePageQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listMessages } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /chat/{id}/message?cursor=&limit=: newest first, back in time from the cursor. */
export const handler = httpHandler({
  route: routes.listMessages,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: messagePageQuery,
  run: ({ actor, params, query }) => listMessages(actor, params.id, query),
});
