import { updateAttachmentInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/curricula';
import * as z from 'zod/mini';
import { updateAttachment } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /curriculum/attachment/{id}: the title, or a link's URL (the author only). */
export const handler = httpHandler({
  route: routes.updateCurriculumAttachment,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateAttachmentInput,
  run: ({ actor, params, body }) => updateAttachment(actor, 'curriculum', params.id, body),
});
