import * as routes from '@tandem/shared/api/areas/grid';
import { GRID_VIEW_LIST_LIMIT } from '@tandem/shared/grid/schemas';
import * as z from 'zod/mini';
import { listGridViews } from '../../core/grid/views.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listGridViews,
  query: z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 1),
    offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 0),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), GRID_VIEW_LIST_LIMIT),
  }),
  run: ({ actor, query }) => listGridViews(actor, query.page, query.offset, query.limit),
});
