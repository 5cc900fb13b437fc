import * as routes from '@tandem/shared/api/areas/curricula';
import { listCurriculaQuery } from '@tandem/shared/curricula/schemas';
import { listCurricula } from '../../core/curricula/curricula.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /curriculum?type=own|delegated|template&group: the caller's curricula of that type, newest first. */
export const handler = httpHandler({
  route: routes.listCurricula,
  query: listCurriculaQuery,
  run: ({ actor, query }) => listCurricula(actor, query),
});
