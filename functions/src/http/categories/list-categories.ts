import { pageQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { listCategories } from '../../core/categories/categories.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listCategories,
  query: pageQuery(100, 200),
  run: ({ actor, query }) => listCategories(actor, query.page, query.limit),
});
