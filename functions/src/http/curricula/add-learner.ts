import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import { addLearnerInput } from '@tandem/shared/curricula/schemas';
import * as z from 'zod/mini';
import { addLearner } from '../../core/curricula/curricula.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/learner/{id} {email}: delegates the curriculum to a member of its group. */
export const handler = httpHandler({
  route: routes.addCurriculumLearner,
  params: z.object({ id: entityId }),
  body: addLearnerInput,
  run: async ({ actor, params, body }) => respond(201, await addLearner(actor, params.id, body)),
});
