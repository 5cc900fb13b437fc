import * as routes from '@tandem/shared/api/areas/import';
import { IMPORT_MAX_BYTES, importTasksInput } from '@tandem/shared/import/import';
import { importTasks } from '../../core/import/import.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/**
 * POST /task/import: the previewed rows into a group, all or none, once per idempotency key. The
 * rows of a 2 MB file take more than the usual JSON bound, so this route takes up to twice that.
 */
export const handler = httpHandler({
  route: routes.importTasks,
  body: importTasksInput,
  maxBodyBytes: 2 * IMPORT_MAX_BYTES,
  run: async ({ actor, body }) => respond(201, await importTasks(actor, body)),
});
