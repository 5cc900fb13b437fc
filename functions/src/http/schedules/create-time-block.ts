import * as routes from '@tandem/shared/api/route-defs';
import { timeBlockInput } from '@tandem/shared/time/schedule';
import { createTimeBlock } from '../../core/schedules/time-blocks.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createTimeBlock,
  body: timeBlockInput,
  run: async ({ actor, body }) => respond(201, await createTimeBlock(actor, body)),
});
