import { orderAttachmentsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { orderAttachments } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/attachment/order/: attachments[] of id and order. */
export const handler = httpHandler({
  route: routes.orderAttachments,
  body: orderAttachmentsInput,
  run: ({ actor, body }) => orderAttachments(actor, 'task', body.attachments),
});
