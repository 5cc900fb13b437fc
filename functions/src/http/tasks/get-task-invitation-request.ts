import { invitationKeyQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { getTaskInvitationRequest } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: what the delegation invitation asks, for /accept-delegate-invite. */
export const handler = httpHandler({
  route: routes.getTaskInvitationRequest,
  query: invitationKeyQuery,
  run: ({ query }) => getTaskInvitationRequest(query.key),
});
