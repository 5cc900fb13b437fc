import * as routes from '@tandem/shared/api/areas/request-links';
import { confirmRequestInput } from '@tandem/shared/request-links/submission';
import { confirmRequest } from '../../core/request-links/submit.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: the confirmation texts of a sent request (the confirmation page reads them). */
export const handler = httpHandler({
  route: routes.confirmRequest,
  body: confirmRequestInput,
  run: ({ body }) => confirmRequest(body.requestId),
});
