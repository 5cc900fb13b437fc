import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getFolder } from '../../core/templates/folders.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/folder/{id}: for members of its group. */
export const handler = httpHandler({
  route: routes.getFolder,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => getFolder(actor, params.id),
});
