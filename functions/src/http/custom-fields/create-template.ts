import { createFieldTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { saveFieldTemplate } from '../../core/custom-fields/templates.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/template/custom-field: a task's fields kept as a template. */
export const handler = httpHandler({
  route: routes.createCustomFieldTemplate,
  body: createFieldTemplateInput,
  run: async ({ actor, body }) => respond(201, await saveFieldTemplate(actor, body)),
});
