import * as routes from '@tandem/shared/api/areas/agendas';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { agendaInvitation } from '../../core/agendas/agendas.ts';
import { httpHandler, respondText } from '../../lib/http-handler.ts';

/** The meeting's invitation (.ics), for the meeting screen's export. */
export const handler = httpHandler({
  route: routes.getAgendaInvitation,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) =>
    respondText(200, await agendaInvitation(actor, params.id), 'text/calendar; charset=utf-8'),
});
