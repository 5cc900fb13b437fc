import { createFolderInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { createFolder } from '../../core/templates/folders.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/folder: a folder in a group (or under a folder); owners only. */
export const handler = httpHandler({
  route: routes.createFolder,
  body: createFolderInput,
  run: async ({ actor, body }) => respond(201, await createFolder(actor, body)),
});
