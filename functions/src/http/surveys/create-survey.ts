import * as routes from '@tandem/shared/api/areas/surveys';
import { surveyInput } from '@tandem/shared/surveys/surveys';
import { createSurvey } from '../../core/surveys/surveys.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /survey. */
export const handler = httpHandler({
  route: routes.createSurvey,
  body: surveyInput,
  run: async ({ actor, body }) => respond(201, await createSurvey(actor, body)),
});
