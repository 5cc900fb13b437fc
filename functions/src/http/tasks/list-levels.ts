import { TASK_LEVELS } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTaskLevels,
  run: async () => ({ count: TASK_LEVELS.length, results: TASK_LEVELS }),
});
