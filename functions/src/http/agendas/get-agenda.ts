import * as routes from '@tandem/shared/api/areas/agendas';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getAgenda } from '../../core/agendas/agendas.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getAgenda,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => getAgenda(actor, params.id),
});
