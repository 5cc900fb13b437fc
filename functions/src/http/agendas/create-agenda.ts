import { createAgendaInput } from '@tandem/shared/agendas/agendas';
import * as routes from '@tandem/shared/api/areas/agendas';
import { createAgenda } from '../../core/agendas/agendas.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createAgenda,
  body: createAgendaInput,
  run: async ({ actor, body }) => respond(201, await createAgenda(actor, body)),
});
