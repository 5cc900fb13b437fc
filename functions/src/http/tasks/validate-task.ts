import { taskPayloadFromQuery, taskValidationQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { validateTask } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/validation?title&group&…: the errors the task form would show; nothing is saved. */
export const handler = httpHandler({
  route: routes.validateTask,
  query: taskValidationQuery,
  run: ({ actor, query }) => validateTask(actor, taskPayloadFromQuery(query)),
});
