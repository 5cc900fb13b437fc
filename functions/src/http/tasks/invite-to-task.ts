import { inviteToTaskInput, type RoleId } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { inviteToTask } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.inviteToTask,
  body: inviteToTaskInput,
  run: ({ actor, body }) => inviteToTask(actor, { ...body, role: body.role as RoleId }),
});
