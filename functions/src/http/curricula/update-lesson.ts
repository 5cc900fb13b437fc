import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import { updateLessonInput } from '@tandem/shared/curricula/schemas';
import * as z from 'zod/mini';
import { updateLesson } from '../../core/curricula/lessons.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /curriculum/task/{id}: a move between neighbours (the author) or a lesson status (its learner). */
export const handler = httpHandler({
  route: routes.updateCurriculumLesson,
  params: z.object({ id: entityId }),
  body: updateLessonInput,
  run: ({ actor, params, body }) => updateLesson(actor, params.id, body),
});
