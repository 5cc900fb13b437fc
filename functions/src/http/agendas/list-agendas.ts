import { listAgendasQuery } from '@tandem/shared/agendas/agendas';
import * as routes from '@tandem/shared/api/areas/agendas';
import { listAgendas } from '../../core/agendas/agendas.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /agenda/[?task=]: a task's agenda, or the agendas the caller made (newest first). */
export const handler = httpHandler({
  route: routes.listAgendas,
  query: listAgendasQuery,
  run: async ({ actor, query }) => listAgendas(actor, query),
});
