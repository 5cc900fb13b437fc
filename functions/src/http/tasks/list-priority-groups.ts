import { isChoosablePriorityGroup, PRIORITY_GROUPS } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listPriorityGroups,
  run: async () => ({
    count: PRIORITY_GROUPS.length,
    results: PRIORITY_GROUPS.map((g) => ({ ...g, choosable: isChoosablePriorityGroup(g.id) })),
  }),
});
