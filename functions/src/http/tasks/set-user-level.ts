import { userTitleInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { setUserTitle } from '../../core/tasks/task-titles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Sets the caller's own title for one level; an empty title restores the default. */
export const handler = httpHandler({
  route: routes.setUserLevel,
  body: userTitleInput,
  run: ({ actor, body }) => setUserTitle(actor, 'level', body.id, body.title),
});
