import { invitationKeyQuery, routes } from '@tandem/shared';
import { getAttendeeInvitation } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: what an attendee is invited to, for /accept-attendee-invite. */
export const handler = httpHandler({
  route: routes.getAttendeeInvitation,
  query: invitationKeyQuery,
  run: ({ query }) => getAttendeeInvitation(query.key),
});
