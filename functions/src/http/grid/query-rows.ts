import * as routes from '@tandem/shared/api/areas/grid';
import { gridRowsQuery } from '@tandem/shared/grid/schemas';
import { queryGridRows } from '../../core/grid/rows.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.queryGridRows,
  body: gridRowsQuery,
  run: ({ actor, body }) => queryGridRows(actor, body),
});
