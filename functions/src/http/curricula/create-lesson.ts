import * as routes from '@tandem/shared/api/areas/curricula';
import { createLessonInput } from '@tandem/shared/curricula/schemas';
import { addLesson } from '../../core/curricula/lessons.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/task/create {curriculum, title | templateTask}: a new lesson at the end. */
export const handler = httpHandler({
  route: routes.createCurriculumLesson,
  body: createLessonInput,
  run: async ({ actor, body }) => respond(201, await addLesson(actor, body)),
});
