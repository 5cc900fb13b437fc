import * as routes from '@tandem/shared/api/areas/agendas';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { agendaInvitation } from '../../core/agendas/agendas.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/**
 * The meeting's invitation for the meeting screen's export: the iCalendar text in a JSON answer, so the
 * web's one API client (bearer token, retries) fetches it and the browser saves it as a .ics file.
 */
export const handler = httpHandler({
  route: routes.getAgendaInvitation,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => agendaInvitation(actor, params.id),
});
