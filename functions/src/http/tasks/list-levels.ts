import { routes, TASK_LEVELS } from '@tandem/shared';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTaskLevels,
  run: async () => ({ count: TASK_LEVELS.length, results: TASK_LEVELS }),
});
