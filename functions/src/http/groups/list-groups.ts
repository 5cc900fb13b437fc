import * as routes from '@tandem/shared/api/route-defs';
import { listGroups } from '../../core/groups/groups.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** The caller's groups with rosters; bounded by the membership limit, so answered whole with its count. */
export const handler = httpHandler({
  route: routes.listGroups,
  run: ({ actor }) => listGroups(actor),
});
