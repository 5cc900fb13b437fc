import { invitationKeyQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { getInvitationRequest } from '../../core/groups/invitations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: what the invitation is, for the /accept-invite page. */
export const handler = httpHandler({
  route: routes.getInvitationRequest,
  query: invitationKeyQuery,
  run: ({ query }) => getInvitationRequest(query.key),
});
