import * as routes from '@tandem/shared/api/areas/surveys';
import { surveyResponseInput } from '@tandem/shared/surveys/surveys';
import { submitSurvey } from '../../core/surveys/surveys.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /survey/confirmation: public, answers to a survey; limited per IP by the gateway. */
export const handler = httpHandler({
  route: routes.submitSurvey,
  body: surveyResponseInput,
  run: async ({ body }) => respond(201, await submitSurvey(body)),
});
