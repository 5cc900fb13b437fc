import { deleteTasksInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { deleteTasks } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** DELETE /task {tasks, with_children}: without children, sub-tasks move up to the deleted task's parent. */
export const handler = httpHandler({
  route: routes.deleteTasks,
  body: deleteTasksInput,
  run: ({ actor, body }) => deleteTasks(actor, body.tasks, body.withChildren),
});
