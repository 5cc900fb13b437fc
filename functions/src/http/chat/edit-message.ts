import { messageInput, routes } from '@tandem/shared';
import * as z from 'zod';
import { editMessage } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /chat/{id}/message/{messageId} {message}: the author only. */
export const handler = httpHandler({
  route: routes.editMessage,
  params: z.object({ id: z.string().min(1).max(64), messageId: z.string().min(1).max(40) }),
  body: messageInput,
  run: ({ actor, params, body }) => editMessage(actor, params.id, params.messageId, body.message),
});
