import { convertFromTaskInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { convertFromTask } from '../../core/templates/templates.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/template/convert-from-task/{id}: a task's tree (or its fields) kept as a template. */
export const handler = httpHandler({
  route: routes.convertTaskToTemplate,
  params: z.object({ id: entityId }),
  body: convertFromTaskInput,
  run: async ({ actor, params, body }) => respond(201, await convertFromTask(actor, params.id, body)),
});
