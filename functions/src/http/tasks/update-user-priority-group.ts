import { numericIdParam, userTitleInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { setUserTitle } from '../../core/tasks/task-titles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateUserPriorityGroup,
  params: z.object({ id: numericIdParam }),
  body: z.pick(userTitleInput, { title: true }),
  run: ({ actor, params, body }) => setUserTitle(actor, 'priorityGroup', params.id, body.title),
});
