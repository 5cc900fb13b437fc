import * as routes from '@tandem/shared/api/route-defs';
import { timeBlockPatchInput } from '@tandem/shared/time/schedule';
import * as z from 'zod/mini';
import { updateTimeBlock } from '../../core/schedules/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateTimeBlock,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: timeBlockPatchInput,
  run: ({ actor, params, body }) => updateTimeBlock(actor, params.id, body),
});
