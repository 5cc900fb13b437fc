import { createCurriculumUploadsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/curricula';
import { createUploads } from '../../core/attachments/attachments.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/attachment/upload: a presigned POST for each file of one drop (the author only). */
export const handler = httpHandler({
  route: routes.createCurriculumAttachmentUploads,
  body: createCurriculumUploadsInput,
  run: async ({ actor, body }) =>
    respond(201, await createUploads(actor, { kind: 'curriculum', id: body.curriculum }, body)),
});
