import { updateAttachmentInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateAttachment } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/attachment/{id}: the title, or a link's URL. */
export const handler = httpHandler({
  route: routes.updateAttachment,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateAttachmentInput,
  run: ({ actor, params, body }) => updateAttachment(actor, 'task', params.id, body),
});
