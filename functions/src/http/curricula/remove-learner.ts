import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { removeLearner } from '../../core/curricula/curricula.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /curriculum/learner/{id}/{user}: the author takes a learner off; their tasks stay theirs. */
export const handler = httpHandler({
  route: routes.removeCurriculumLearner,
  params: z.object({ id: entityId, user: entityId }),
  run: async ({ actor, params }) => respond(200, await removeLearner(actor, params.id, params.user)),
});
