import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteLesson } from '../../core/curricula/lessons.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /curriculum/task/{id}: the lesson leaves the curriculum; the author only. */
export const handler = httpHandler({
  route: routes.deleteCurriculumLesson,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteLesson(actor, params.id);
    return respond(204);
  },
});
