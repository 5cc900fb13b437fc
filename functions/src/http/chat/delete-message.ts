import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { deleteMessage } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** DELETE /chat/{id}/message/{messageId}: the author only; the message stays as a tombstone. */
export const handler = httpHandler({
  route: routes.deleteMessage,
  params: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    messageId: z.string().check(z.minLength(1), z.maxLength(40)),
  }),
  run: ({ actor, params }) => deleteMessage(actor, params.id, params.messageId),
});
