import { listAttachmentsQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listAttachments } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/attachment/{taskId}?q=file|video|audio: the task's files, video links or tracks, in order. */
export const handler = httpHandler({
  route: routes.listAttachments,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: listAttachmentsQuery,
  run: ({ actor, params, query }) => listAttachments(actor, { kind: 'task', id: params.id }, query.q),
});
