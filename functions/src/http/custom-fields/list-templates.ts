import * as routes from '@tandem/shared/api/route-defs';
import { listFieldTemplates } from '../../core/custom-fields/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/template/custom-field: the caller's custom-field templates. */
export const handler = httpHandler({
  route: routes.listCustomFieldTemplates,
  run: async ({ actor }) => ({ results: await listFieldTemplates(actor) }),
});
