import * as routes from '@tandem/shared/api/areas/curricula';
import { createCurriculumInput } from '@tandem/shared/curricula/schemas';
import { createCurriculum } from '../../core/curricula/curricula.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum {title, group, mode}: counted against the author's plan (totalCurriculums). */
export const handler = httpHandler({
  route: routes.createCurriculum,
  body: createCurriculumInput,
  run: async ({ actor, body }) => respond(201, await createCurriculum(actor, body)),
});
