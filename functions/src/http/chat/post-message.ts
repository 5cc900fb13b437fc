import { messageInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { postMessage } from '../../core/chat/chat.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /chat/{id}/message {message}. */
export const handler = httpHandler({
  route: routes.postMessage,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: messageInput,
  run: async ({ actor, params, body }) => respond(201, await postMessage(actor, params.id, body.message)),
});
