import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteAccountRole } from '../../core/roles/account-roles.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.deleteAccountRole,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteAccountRole(actor, params.id);
    return respond(204);
  },
});
