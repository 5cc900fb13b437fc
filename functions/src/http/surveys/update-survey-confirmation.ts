import * as routes from '@tandem/shared/api/areas/surveys';
import { updateConfirmationInput } from '@tandem/shared/surveys/confirmations';
import * as z from 'zod/mini';
import { TooManyRequestsError } from '../../core/request-links/abuse.ts';
import { updateSurveyConfirmation } from '../../core/surveys/confirmations.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** PUT /survey/confirmation/send/{id}: resend or confirm one's own confirmation (others' are 404). */
export const handler = httpHandler({
  route: routes.updateSurveyConfirmation,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateConfirmationInput,
  run: async ({ actor, params, body }) => {
    try {
      return await updateSurveyConfirmation(actor, params.id, body);
    } catch (e) {
      if (e instanceof TooManyRequestsError)
        return respond(429, e.toBody(), { 'retry-after': String(e.retryAfterSeconds) });
      throw e;
    }
  },
});
