import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteCurriculum } from '../../core/curricula/curricula.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /curriculum/{id}: the curriculum, its lessons and the author's lesson tasks; the author only. */
export const handler = httpHandler({
  route: routes.deleteCurriculum,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteCurriculum(actor, params.id);
    return respond(204);
  },
});
