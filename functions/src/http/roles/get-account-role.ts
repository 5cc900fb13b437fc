import * as routes from '@tandem/shared/api/areas/roles';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getAccountRole } from '../../core/roles/account-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getAccountRole,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => getAccountRole(actor, params.id),
});
