import { resendInvitationInput, routes } from '@tandem/shared';
import { resendInvitation } from '../../core/groups/members.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.resendInvitation,
  body: resendInvitationInput,
  run: ({ actor, body }) => resendInvitation(actor, body.group, body.email),
});
