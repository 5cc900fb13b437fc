import { answerPendingInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { answerMyTaskInvitations } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /task/pending/answer {invitations, action}: accept all or decline all from the Pending tab. */
export const handler = httpHandler({
  route: routes.answerPendingTasks,
  body: answerPendingInput,
  run: ({ actor, body }) => answerMyTaskInvitations(actor, body.invitations, body.action === 1),
});
