import * as routes from '@tandem/shared/api/areas/surveys';
import { surveyAffiliation } from '../../core/surveys/confirmations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /survey/affiliation: the caller's confirmations and affiliate (an empty shape when none). */
export const handler = httpHandler({
  route: routes.getSurveyAffiliation,
  run: ({ actor }) => surveyAffiliation(actor),
});
