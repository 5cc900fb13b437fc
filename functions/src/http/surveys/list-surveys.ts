import * as routes from '@tandem/shared/api/areas/surveys';
import { listSurveys } from '../../core/surveys/surveys.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /survey. */
export const handler = httpHandler({
  route: routes.listSurveys,
  run: ({ actor }) => listSurveys(actor),
});
