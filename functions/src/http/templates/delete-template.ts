import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { deleteTemplate } from '../../core/templates/templates.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /task/template/{id}: the template and its task tree; owners only. */
export const handler = httpHandler({
  route: routes.deleteTemplate,
  params: z.object({ id: entityId }),
  run: async ({ actor, params }) => {
    await deleteTemplate(actor, params.id);
    return respond(204);
  },
});
