import { routes } from '@tandem/shared';
import * as z from 'zod';
import { deleteMessage } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** DELETE /chat/{id}/message/{messageId}: the author only; the message stays as a tombstone. */
export const handler = httpHandler({
  route: routes.deleteMessage,
  params: z.object({ id: z.string().min(1).max(64), messageId: z.string().min(1).max(40) }),
  run: ({ actor, params }) => deleteMessage(actor, params.id, params.messageId),
});
