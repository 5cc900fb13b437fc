import { userTitleInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { setUserTitle } from '../../core/tasks/task-titles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Sets the caller's own title for one priority-group; an empty title restores the default. */
export const handler = httpHandler({
  route: routes.setUserPriorityGroup,
  body: userTitleInput,
  run: ({ actor, body }) => setUserTitle(actor, 'priorityGroup', body.id, body.title),
});
