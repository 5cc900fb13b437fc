import * as routes from '@tandem/shared/api/areas/surveys';
import * as z from 'zod/mini';
import { deleteSurvey } from '../../core/surveys/surveys.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /survey/{id}: the survey and its responses. */
export const handler = httpHandler({
  route: routes.deleteSurvey,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => respond(204, await deleteSurvey(actor, params.id)),
});
