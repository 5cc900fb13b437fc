import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteRoleMapping } from '../../core/roles/role-mappings.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.deleteRoleMapping,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteRoleMapping(actor, params.id);
    return respond(204);
  },
});
