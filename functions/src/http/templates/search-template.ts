import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { templateOfTask } from '../../core/templates/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/template/search/{taskId}: the template whose tree holds this task. */
export const handler = httpHandler({
  route: routes.searchTemplate,
  params: z.object({ taskId: entityId }),
  run: ({ actor, params }) => templateOfTask(actor, params.taskId),
});
