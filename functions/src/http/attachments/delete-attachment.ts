import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { deleteAttachment } from '../../core/attachments/attachments.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/attachment/{id}: the attachment, its file, and its share of the quota given back. */
export const handler = httpHandler({
  route: routes.deleteAttachment,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => {
    await deleteAttachment(actor, 'task', params.id);
    return respond(204);
  },
});
