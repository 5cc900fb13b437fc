import * as routes from '@tandem/shared/api/areas/request-links';
import { voiceUploadInput } from '@tandem/shared/request-links/submission';
import * as z from 'zod/mini';
import { createVoiceUpload } from '../../core/request-links/submit.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** Public: a presigned POST for the open form's voice note (under the link's uploads, 1 MB at most). */
export const handler = httpHandler({
  route: routes.createRequestVoiceUpload,
  params: z.object({ id: z.string().check(z.maxLength(64)) }),
  body: voiceUploadInput,
  run: async ({ params, body }) => respond(201, await createVoiceUpload(params.id, body)),
});
