import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { listLessons } from '../../core/curricula/lessons.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /curriculum/task/list/{id}: the lessons in order, each with the caller's own lesson task. */
export const handler = httpHandler({
  route: routes.listCurriculumLessons,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => listLessons(actor, params.id),
});
