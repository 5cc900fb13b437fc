import { orderAttachmentsInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/curricula';
import { orderAttachments } from '../../core/attachments/attachments.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /curriculum/attachment/order/: attachments[] of id and order, all of one curriculum. */
export const handler = httpHandler({
  route: routes.orderCurriculumAttachments,
  body: orderAttachmentsInput,
  run: ({ actor, body }) => orderAttachments(actor, 'curriculum', body.attachments),
});
