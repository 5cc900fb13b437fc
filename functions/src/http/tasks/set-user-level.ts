import { routes, userTitleInput } from '@tandem/shared';
import { setUserTitle } from '../../core/tasks/task-titles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Sets the caller's own title for one level; an empty title restores the default. */
export const handler = httpHandler({
  route: routes.setUserLevel,
  body: userTitleInput,
  run: ({ actor, body }) => setUserTitle(actor, 'level', body.id, body.title),
});
