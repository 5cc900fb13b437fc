import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getCurriculum } from '../../core/curricula/curricula.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /curriculum/{id}: the curriculum with the caller's progress (and each learner's for the author). */
export const handler = httpHandler({
  route: routes.getCurriculum,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => getCurriculum(actor, params.id),
});
