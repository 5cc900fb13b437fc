import * as routes from '@tandem/shared/api/areas/grid';
import * as z from 'zod/mini';
import { getGridView } from '../../core/grid/views.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getGridView,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getGridView(actor, params.id),
});
