import { createGroupInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createGroup } from '../../core/groups/groups.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createGroup,
  body: createGroupInput,
  run: async ({ actor, body }) => respond(201, await createGroup(actor, body)),
});
