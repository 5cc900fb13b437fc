import * as routes from '@tandem/shared/api/areas/curricula';
import * as z from 'zod/mini';
import { confirmUpload } from '../../core/attachments/attachments.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/attachment/upload/{uploadId}/confirm: checks the stored file, then records and counts it. */
export const handler = httpHandler({
  route: routes.confirmCurriculumAttachmentUpload,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => respond(201, await confirmUpload(actor, 'curriculum', params.id)),
});
