import { createDefinitionInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createDefinition } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/custom/field: a task's custom fields (one definition per task). */
export const handler = httpHandler({
  route: routes.createCustomFields,
  body: createDefinitionInput,
  run: async ({ actor, body }) => respond(201, await createDefinition(actor, body)),
});
