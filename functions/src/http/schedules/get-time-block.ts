import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getTimeBlock } from '../../core/schedules/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getTimeBlock,
  params: z.object({ id: z.string().min(1).max(64) }),
  run: ({ actor, params }) => getTimeBlock(actor, params.id),
});
