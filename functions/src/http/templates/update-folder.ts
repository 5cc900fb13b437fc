import { updateFolderInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { updateFolder } from '../../core/templates/folders.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/folder/{id}: rename, or move under another folder of its group; owners only. */
export const handler = httpHandler({
  route: routes.updateFolder,
  params: z.object({ id: entityId }),
  body: updateFolderInput,
  run: ({ actor, params, body }) => updateFolder(actor, params.id, body),
});
