import * as routes from '@tandem/shared/api/areas/grid';
import { gridViewInput } from '@tandem/shared/grid/schemas';
import { createGridView } from '../../core/grid/views.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createGridView,
  body: gridViewInput,
  run: async ({ actor, body }) => respond(201, await createGridView(actor, body)),
});
