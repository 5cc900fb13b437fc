import * as routes from '@tandem/shared/api/areas/curricula';
import * as z from 'zod/mini';
import { deleteAttachment } from '../../core/attachments/attachments.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /curriculum/attachment/{id}: the attachment, its file, and the author's counters given back. */
export const handler = httpHandler({
  route: routes.deleteCurriculumAttachment,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => {
    await deleteAttachment(actor, 'curriculum', params.id);
    return respond(204);
  },
});
