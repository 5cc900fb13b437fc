import { answerInvitationInput, INVITATION_ACTIONS } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { answerInvitation } from '../../core/groups/invitations.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: accept (1) or decline (0) an invitation, without signing in. */
export const handler = httpHandler({
  route: routes.answerInvitationRequest,
  body: answerInvitationInput,
  run: ({ body }) => answerInvitation(body.key, body.action === INVITATION_ACTIONS.accept),
});
