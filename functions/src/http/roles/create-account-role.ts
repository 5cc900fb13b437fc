import * as routes from '@tandem/shared/api/areas/roles';
import { accountRoleInput } from '@tandem/shared/roles/roles';
import { createAccountRole } from '../../core/roles/account-roles.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createAccountRole,
  body: accountRoleInput,
  run: async ({ actor, body }) => respond(201, await createAccountRole(actor, body)),
});
