import * as routes from '@tandem/shared/api/areas/roles';
import { pageOf } from '@tandem/shared/api/pagination';
import { MAX_ROLE_MAPPINGS, roleMappingQuery } from '@tandem/shared/roles/roles';
import { listRoleMappings } from '../../core/roles/role-mappings.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Every row of one task or template in one page (bounded by MAX_ROLE_MAPPINGS). */
export const handler = httpHandler({
  route: routes.listRoleMappings,
  query: roleMappingQuery,
  run: async ({ actor, query }) => {
    const target =
      query.taskId !== undefined ? { taskId: query.taskId } : { templateId: query.templateId as string };
    return pageOf(await listRoleMappings(actor, target), 1, MAX_ROLE_MAPPINGS);
  },
});
