import { listAttachmentsQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/curricula';
import * as z from 'zod/mini';
import { listAttachments } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /curriculum/attachment/{curriculumId}?q=file|video: its files or video links, in order. */
export const handler = httpHandler({
  route: routes.listCurriculumAttachments,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: listAttachmentsQuery,
  run: ({ actor, params, query }) => listAttachments(actor, { kind: 'curriculum', id: params.id }, query.q),
});
