import { pageQuery, routes } from '@tandem/shared';
import * as z from 'zod';
import { listTimeBlocks } from '../../core/schedules/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTimeBlocks,
  query: pageQuery(50, 200).extend({ cursor: z.string().max(2000).optional() }),
  run: ({ actor, query }) => listTimeBlocks(actor, query.page, query.limit, new Date(), query.cursor),
});
