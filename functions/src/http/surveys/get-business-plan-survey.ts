import * as routes from '@tandem/shared/api/areas/surveys';
import { SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import * as z from 'zod/mini';
import { businessPlanSurvey } from '../../core/surveys/surveys.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /business-plan-survey?affiliate_id=<code>: public, the affiliate's business planning survey. */
export const handler = httpHandler({
  route: routes.getBusinessPlanSurvey,
  query: z.object({
    affiliateId: z
      .string({ error: SURVEY_MESSAGES.codeRequired })
      .check(z.minLength(1, SURVEY_MESSAGES.codeRequired), z.maxLength(64)),
  }),
  run: ({ query }) => businessPlanSurvey(query.affiliateId),
});
