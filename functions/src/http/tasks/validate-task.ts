import { routes, taskPayloadFromQuery, taskValidationQuery } from '@tandem/shared';
import { validateTask } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/validation?title&group&…: the errors the task form would show; nothing is saved. */
export const handler = httpHandler({
  route: routes.validateTask,
  query: taskValidationQuery,
  run: ({ actor, query }) => validateTask(actor, taskPayloadFromQuery(query)),
});
