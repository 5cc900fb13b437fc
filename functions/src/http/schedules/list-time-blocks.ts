import { pageQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { listTimeBlocks } from '../../core/schedules/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTimeBlocks,
  query: z.extend(pageQuery(50, 200), { cursor: z.optional(z.string().check(z.maxLength(2000))) }),
  run: ({ actor, query }) => listTimeBlocks(actor, query.page, query.limit, new Date(), query.cursor),
});
