import { cloneTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { cloneTemplate } from '../../core/templates/templates.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/template/clone/{id}: a copy of the template's tree as a new template; owners only. */
export const handler = httpHandler({
  route: routes.cloneTemplate,
  params: z.object({ id: entityId }),
  body: cloneTemplateInput,
  run: async ({ actor, params, body }) => respond(201, await cloneTemplate(actor, params.id, body)),
});
