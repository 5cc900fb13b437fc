import { type RoleId, taskRoleInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { changeTaskRole } from '../../core/tasks/task-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.changeTaskRole,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) }),
  body: z.pick(taskRoleInput, { role: true }),
  run: ({ actor, params, body }) => changeTaskRole(actor, params.id, body.role as RoleId),
});
