import { type RoleId, taskRoleInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { giveTaskRole } from '../../core/tasks/task-roles.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.giveTaskRole,
  body: taskRoleInput,
  run: async ({ actor, body }) =>
    respond(201, await giveTaskRole(actor, { ...body, role: body.role as RoleId })),
});
