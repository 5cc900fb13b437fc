import * as routes from '@tandem/shared/api/areas/surveys';
import { SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import * as z from 'zod/mini';
import { surveyConfig } from '../../core/surveys/surveys.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /survey/config?affiliate_id=<code>: public, the survey to take. */
export const handler = httpHandler({
  route: routes.getSurveyConfig,
  query: z.object({
    affiliateId: z
      .string({ error: SURVEY_MESSAGES.codeRequired })
      .check(z.minLength(1, SURVEY_MESSAGES.codeRequired), z.maxLength(64)),
  }),
  run: ({ query }) => surveyConfig(query.affiliateId),
});
