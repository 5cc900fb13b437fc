import * as routes from '@tandem/shared/api/areas/request-links';
import { submitRequestInput } from '@tandem/shared/request-links/submission';
import { TooManyRequestsError } from '../../core/request-links/abuse.ts';
import { submitRequest } from '../../core/request-links/submit.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';
import { clientAddress } from './address.ts';

/**
 * Public: a request. A malformed one is 400 and one to an unknown link 404, writing nothing; any other
 * counts towards its address's and its link's limits first (over them: 429 with Retry-After).
 */
export const handler = httpHandler({
  route: routes.submitRequest,
  body: submitRequestInput,
  run: async ({ event, body }) => {
    try {
      return respond(201, await submitRequest(body, clientAddress(event)));
    } catch (e) {
      if (e instanceof TooManyRequestsError)
        return respond(429, e.toBody(), { 'retry-after': String(e.retryAfterSeconds) });
      throw e;
    }
  },
});
