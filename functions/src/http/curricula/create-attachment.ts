import { createCurriculumLinkInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/curricula';
import { createFromForm, createLink } from '../../core/attachments/attachments.ts';
import { httpHandler, parseBody, respond } from '../../lib/http-handler.ts';
import { readAttachmentForm } from '../attachments/read-form.ts';

/**
 * POST /curriculum/attachment (spec 002 §7): multipart with `curriculum` and a `document` (small
 * files; larger ones take the upload pair), or JSON for a URL attachment (title, documentUrl,
 * fileType, curriculum). The author only.
 */
export const handler = httpHandler({
  route: routes.createCurriculumAttachment,
  rawBody: true,
  run: async ({ actor, event }) => {
    const contentType = event.headers['content-type'] ?? '';
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      const form = await readAttachmentForm(event, contentType, 'curriculum');
      return respond(201, await createFromForm(actor, { kind: 'curriculum', id: form.owner }, form));
    }
    const { curriculum, ...link } = createCurriculumLinkInput.parse(parseBody(event));
    return respond(201, await createLink(actor, { kind: 'curriculum', id: curriculum }, link));
  },
});
