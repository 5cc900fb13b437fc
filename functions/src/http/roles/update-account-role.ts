import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import { updateAccountRoleInput } from '@tandem/shared/roles/roles';
import * as z from 'zod/mini';
import { updateAccountRole } from '../../core/roles/account-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateAccountRole,
  params: z.object({ id: entityId }),
  body: updateAccountRoleInput,
  run: ({ actor, params, body }) => updateAccountRole(actor, params.id, body),
});
