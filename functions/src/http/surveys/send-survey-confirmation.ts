import * as routes from '@tandem/shared/api/areas/surveys';
import { sendConfirmationInput } from '@tandem/shared/surveys/confirmations';
import { TooManyRequestsError } from '../../core/request-links/abuse.ts';
import { sendSurveyConfirmation } from '../../core/surveys/confirmations.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /survey/confirmation/send {token}: mails the caller a confirmation of their answers. */
export const handler = httpHandler({
  route: routes.sendSurveyConfirmation,
  body: sendConfirmationInput,
  run: async ({ actor, body }) => {
    try {
      return respond(201, await sendSurveyConfirmation(actor, body));
    } catch (e) {
      if (e instanceof TooManyRequestsError)
        return respond(429, e.toBody(), { 'retry-after': String(e.retryAfterSeconds) });
      throw e;
    }
  },
});
