import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getRoleMapping } from '../../core/roles/role-mappings.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getRoleMapping,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => getRoleMapping(actor, params.id),
});
