import { answerTaskInvitationInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { answerTaskInvitation } from '../../core/tasks/task-delegation.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: accept (1) or decline (0) a delegation, without signing in (the key, and 002 §7's body). */
export const handler = httpHandler({
  route: routes.answerTaskInvitationRequest,
  body: answerTaskInvitationInput,
  run: ({ body }) => answerTaskInvitation(body.key, body.action === 1, new Date(), body),
});
