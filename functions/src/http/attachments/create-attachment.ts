import { createLinkInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createFromForm, createLink } from '../../core/attachments/attachments.ts';
import { httpHandler, parseBody, respond } from '../../lib/http-handler.ts';
import { readAttachmentForm } from './read-form.ts';

/**
 * POST /task/attachment (spec 000 §7): multipart with `task` and a `document` (small files; larger
 * ones take the upload pair), or JSON for a URL attachment (title, document_url, file_type, task).
 */
export const handler = httpHandler({
  route: routes.createAttachment,
  rawBody: true,
  run: async ({ actor, event }) => {
    const contentType = event.headers['content-type'] ?? '';
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      const form = await readAttachmentForm(event, contentType, 'task');
      return respond(201, await createFromForm(actor, { kind: 'task', id: form.owner }, form));
    }
    const { task, ...link } = createLinkInput.parse(parseBody(event));
    return respond(201, await createLink(actor, { kind: 'task', id: task }, link));
  },
});
