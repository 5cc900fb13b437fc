import { pageQuery, routes } from '@tandem/shared';
import { listTimeBlocks } from '../../core/time-blocks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listTimeBlocks,
  query: pageQuery(50, 200),
  run: ({ actor, query }) => listTimeBlocks(actor, query.page, query.limit),
});
