import * as routes from '@tandem/shared/api/areas/roles';
import { roleMappingInput } from '@tandem/shared/roles/roles';
import { createRoleMapping } from '../../core/roles/role-mappings.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createRoleMapping,
  body: roleMappingInput,
  run: async ({ actor, body }) => respond(201, await createRoleMapping(actor, body)),
});
