import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteFolder } from '../../core/templates/folders.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/folder/{id}: an empty folder; one with templates or folders inside is refused (409). */
export const handler = httpHandler({
  route: routes.deleteFolder,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteFolder(actor, params.id);
    return respond(204);
  },
});
