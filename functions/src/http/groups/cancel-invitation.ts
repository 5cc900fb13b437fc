import { cancelInvitationQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { cancelInvitation } from '../../core/groups/members.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.cancelInvitation,
  query: cancelInvitationQuery,
  run: ({ actor, query }) => cancelInvitation(actor, query.email, query.group),
});
