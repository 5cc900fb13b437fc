import { type RoleId, routes, taskRoleInput } from '@tandem/shared';
import * as z from 'zod';
import { changeTaskRole } from '../../core/tasks/task-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.changeTaskRole,
  params: z.object({ id: z.string().min(1).max(120) }),
  body: taskRoleInput.pick({ role: true }),
  run: ({ actor, params, body }) => changeTaskRole(actor, params.id, body.role as RoleId),
});
