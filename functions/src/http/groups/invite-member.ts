import { inviteMemberInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { inviteMember } from '../../core/groups/members.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.inviteMember,
  body: inviteMemberInput,
  run: async ({ actor, body }) => respond(201, await inviteMember(actor, body)),
});
