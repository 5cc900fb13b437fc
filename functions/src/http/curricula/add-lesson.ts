import * as routes from '@tandem/shared/api/areas/curricula';
import { lessonFromTemplateInput } from '@tandem/shared/curricula/schemas';
import { addLesson } from '../../core/curricula/lessons.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /curriculum/task {curriculum, template_task}: a lesson from a template task, at the end. */
export const handler = httpHandler({
  route: routes.addCurriculumLesson,
  body: lessonFromTemplateInput,
  run: async ({ actor, body }) => respond(201, await addLesson(actor, body)),
});
