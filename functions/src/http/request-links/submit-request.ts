import * as routes from '@tandem/shared/api/areas/request-links';
import { submitRequestInput } from '@tandem/shared/request-links/submission';
import { rateLimit, TooManyRequestsError } from '../../core/request-links/abuse.ts';
import { submitRequest } from '../../core/request-links/submit.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';
import { clientAddress } from './address.ts';

/**
 * Public: a request. A well-formed one counts towards its address's and its link's limits before
 * anything else (over them: 429 with Retry-After); a malformed one is 400 and writes nothing.
 */
export const handler = httpHandler({
  route: routes.submitRequest,
  body: submitRequestInput,
  run: async ({ event, body }) => {
    try {
      await rateLimit(clientAddress(event), body.requestLink);
    } catch (e) {
      if (e instanceof TooManyRequestsError)
        return respond(429, e.toBody(), { 'retry-after': String(e.retryAfterSeconds) });
      throw e;
    }
    return respond(201, await submitRequest(body));
  },
});
