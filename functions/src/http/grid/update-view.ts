import * as routes from '@tandem/shared/api/areas/grid';
import { gridViewPatch } from '@tandem/shared/grid/schemas';
import * as z from 'zod/mini';
import { updateGridView } from '../../core/grid/views.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateGridView,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: gridViewPatch,
  run: ({ actor, params, body }) => updateGridView(actor, params.id, body),
});
