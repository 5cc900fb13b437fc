import { invitationKeyQuery, routes } from '@tandem/shared';
import { getInvitationRequest } from '../../core/groups/invitations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: what the invitation is, for the /accept-invite page. */
export const handler = httpHandler({
  route: routes.getInvitationRequest,
  query: invitationKeyQuery,
  run: ({ query }) => getInvitationRequest(query.key),
});
