import { inviteToTaskInput, type RoleId, routes } from '@tandem/shared';
import { inviteToTask } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.inviteToTask,
  body: inviteToTaskInput,
  run: ({ actor, body }) => inviteToTask(actor, { ...body, role: body.role as RoleId }),
});
