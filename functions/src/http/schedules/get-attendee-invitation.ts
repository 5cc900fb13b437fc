import { invitationKeyQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { getAttendeeInvitation } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: what an attendee is invited to, for /accept-attendee-invite. */
export const handler = httpHandler({
  route: routes.getAttendeeInvitation,
  query: invitationKeyQuery,
  run: ({ query }) => getAttendeeInvitation(query.key),
});
