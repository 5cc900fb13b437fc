import { createUploadsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createUploads } from '../../core/attachments/attachments.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/attachment/upload: a presigned POST for each file of one drop (at most 15). */
export const handler = httpHandler({
  route: routes.createAttachmentUploads,
  body: createUploadsInput,
  run: async ({ actor, body }) =>
    respond(201, await createUploads(actor, { kind: 'task', id: body.task }, body)),
});
