import { createTaskInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createTask } from '../../core/tasks/tasks.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task: the task with its sub-tasks; answers the created tasks with their children. */
export const handler = httpHandler({
  route: routes.createTask,
  body: createTaskInput,
  run: async ({ actor, body }) => respond(201, await createTask(actor, body)),
});
