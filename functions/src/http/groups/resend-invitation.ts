import { resendInvitationInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { resendInvitation } from '../../core/groups/members.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.resendInvitation,
  body: resendInvitationInput,
  run: ({ actor, body }) => resendInvitation(actor, body.group, body.email),
});
