import { updateDefinitionInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { updateDefinition } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/custom/field (spec 000 §7; the id in the body): the fields, the data-entry rule or the delegates' right. */
export const handler = httpHandler({
  route: routes.updateCustomFields,
  body: updateDefinitionInput,
  run: ({ actor, body }) => updateDefinition(actor, body.id, body),
});
