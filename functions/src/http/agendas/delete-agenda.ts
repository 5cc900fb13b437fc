import * as routes from '@tandem/shared/api/areas/agendas';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteAgenda } from '../../core/agendas/agendas.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.deleteAgenda,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteAgenda(actor, params.id);
    return respond(204);
  },
});
