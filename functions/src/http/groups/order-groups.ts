import { groupOrderInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { orderGroup } from '../../core/groups/groups.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.orderGroups,
  body: groupOrderInput,
  run: ({ actor, body }) => orderGroup(actor, body.groupId, body.nextIndex),
});
