import * as routes from '@tandem/shared/api/areas/agendas';
import { listAgendaTemplates } from '../../core/agendas/agendas.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** The product's agenda templates: a short, fixed list, answered whole. */
export const handler = httpHandler({
  route: routes.listAgendaTemplates,
  run: async ({ actor }) => {
    const results = await listAgendaTemplates(actor);
    return { count: results.length, next: null, previous: null, results };
  },
});
