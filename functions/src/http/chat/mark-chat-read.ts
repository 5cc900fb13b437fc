import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { markChatRead } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /chat/{id}/read (ours): the caller has read the chat up to now. */
export const handler = httpHandler({
  route: routes.markChatRead,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => markChatRead(actor, params.id),
});
