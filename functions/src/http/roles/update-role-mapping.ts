import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import { updateRoleMappingInput } from '@tandem/shared/roles/roles';
import * as z from 'zod/mini';
import { updateRoleMapping } from '../../core/roles/role-mappings.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateRoleMapping,
  params: z.object({ id: entityId }),
  body: updateRoleMappingInput,
  run: ({ actor, params, body }) => updateRoleMapping(actor, params.id, body),
});
