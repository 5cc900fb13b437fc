import * as routes from '@tandem/shared/api/areas/surveys';
import { surveyStatusInput } from '@tandem/shared/surveys/surveys';
import { surveyStatus } from '../../core/surveys/surveys.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /survey/confirmation/request {token}: public, the status of one's own response. */
export const handler = httpHandler({
  route: routes.getSurveyStatus,
  body: surveyStatusInput,
  run: ({ body }) => surveyStatus(body.token),
});
