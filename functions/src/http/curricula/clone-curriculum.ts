import * as routes from '@tandem/shared/api/areas/curricula';
import { entityId } from '@tandem/shared/api/limits';
import { cloneCurriculumInput } from '@tandem/shared/curricula/schemas';
import * as z from 'zod/mini';
import { cloneCurriculum } from '../../core/curricula/curricula.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/clone/{id}: a copy for the caller, its lessons' tasks copied in order. */
export const handler = httpHandler({
  route: routes.cloneCurriculum,
  params: z.object({ id: entityId }),
  body: cloneCurriculumInput,
  run: async ({ actor, params, body }) => respond(201, await cloneCurriculum(actor, params.id, body)),
});
