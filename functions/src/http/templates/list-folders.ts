import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { listFolders } from '../../core/templates/folders.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/folder[?group=]: the folders of one group, or of every group of the caller. */
export const handler = httpHandler({
  route: routes.listFolders,
  query: z.object({ group: z.optional(entityId) }),
  run: async ({ actor, query }) => ({ results: await listFolders(actor, query.group) }),
});
