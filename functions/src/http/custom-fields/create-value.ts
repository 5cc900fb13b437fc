import { createValueInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createValue } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/custom/value: a task's values, checked against its fields. */
export const handler = httpHandler({
  route: routes.createCustomValue,
  body: createValueInput,
  run: async ({ actor, body }) => respond(201, await createValue(actor, body)),
});
