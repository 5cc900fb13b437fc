import { updateAgendaInput } from '@tandem/shared/agendas/agendas';
import * as routes from '@tandem/shared/api/areas/agendas';
import { updateAgenda } from '../../core/agendas/agendas.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PUT /agenda/ {id, segments, …}: the whole agenda again (spec 002 §7). */
export const handler = httpHandler({
  route: routes.updateAgenda,
  body: updateAgendaInput,
  run: async ({ actor, body }) => updateAgenda(actor, body),
});
