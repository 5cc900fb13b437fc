import * as routes from '@tandem/shared/api/areas/grid';
import * as z from 'zod/mini';
import { deleteGridView } from '../../core/grid/views.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.deleteGridView,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => {
    await deleteGridView(actor, params.id);
    return respond(204);
  },
});
