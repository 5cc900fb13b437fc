import { TASK_STATUSES } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTaskStatuses,
  run: async () => ({ count: TASK_STATUSES.length, results: TASK_STATUSES }),
});
