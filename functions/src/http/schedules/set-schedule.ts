import * as routes from '@tandem/shared/api/route-defs';
import { setScheduleInput } from '@tandem/shared/time/schedule';
import * as z from 'zod/mini';
import { moveOccurrence, setSchedule } from '../../core/schedules/schedules.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/schedule/{id}: the schedule's changed fields (merged onto it), or one occurrence moved (the calendar's drag). */
export const handler = httpHandler({
  route: routes.setSchedule,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: setScheduleInput,
  run: ({ actor, params, body }) =>
    'moveOccurrence' in body
      ? moveOccurrence(actor, params.id, body.moveOccurrence)
      : setSchedule(actor, params.id, body),
});
