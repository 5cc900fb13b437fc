import { messageInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { editMessage } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /chat/{id}/message/{messageId} {message}: the author only. */
export const handler = httpHandler({
  route: routes.editMessage,
  params: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    messageId: z.string().check(z.minLength(1), z.maxLength(40)),
  }),
  body: messageInput,
  run: ({ actor, params, body }) => editMessage(actor, params.id, params.messageId, body.message),
});
