import { answerInvitationInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { answerAttendeeInvitation } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public: an attendee accepts (1) or declines (0), without signing in. */
export const handler = httpHandler({
  route: routes.answerAttendeeInvitation,
  body: answerInvitationInput,
  run: ({ body }) => answerAttendeeInvitation(body.key, body.action === 1),
});
