import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import { updateCurriculumInput } from '@tandem/shared/curricula/schemas';
import * as z from 'zod/mini';
import { updateCurriculum } from '../../core/curricula/curricula.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /curriculum/{id}: title and mode; the author only. */
export const handler = httpHandler({
  route: routes.updateCurriculum,
  params: z.object({ id: entityId }),
  body: updateCurriculumInput,
  run: ({ actor, params, body }) => updateCurriculum(actor, params.id, body),
});
