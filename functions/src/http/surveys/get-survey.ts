import * as routes from '@tandem/shared/api/areas/surveys';
import * as z from 'zod/mini';
import { getSurvey } from '../../core/surveys/surveys.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /survey/{id}: the survey with its results summary. */
export const handler = httpHandler({
  route: routes.getSurvey,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getSurvey(actor, params.id),
});
