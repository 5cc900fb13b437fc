import * as routes from '@tandem/shared/api/route-defs';
import { userTitles } from '../../core/tasks/task-titles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listUserLevels,
  run: ({ actor }) => userTitles(actor, 'level'),
});
