import { routes, updateAttachmentInput } from '@tandem/shared';
import * as z from 'zod';
import { updateAttachment } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/attachment/{id}: the title, or a link's URL. */
export const handler = httpHandler({
  route: routes.updateAttachment,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: updateAttachmentInput,
  run: ({ actor, params, body }) => updateAttachment(actor, params.id, body),
});
