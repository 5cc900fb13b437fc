import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getTemplate } from '../../core/templates/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/template/{id}: for members of its group. */
export const handler = httpHandler({
  route: routes.getTemplate,
  params: z.object({ id: entityId }),
  run: ({ actor, params }) => getTemplate(actor, params.id),
});
