import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getTimeBlock } from '../../core/schedules/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getTimeBlock,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getTimeBlock(actor, params.id),
});
