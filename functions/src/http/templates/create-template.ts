import { createTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { createTemplate } from '../../core/templates/templates.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/template: an empty task template in a group (and folder); owners only. */
export const handler = httpHandler({
  route: routes.createTemplate,
  body: createTemplateInput,
  run: async ({ actor, body }) => respond(201, await createTemplate(actor, body)),
});
