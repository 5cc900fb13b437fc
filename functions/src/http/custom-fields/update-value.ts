import { updateValueInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { updateValue } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/custom/value (spec 000 §7; the id in the body): the values again, checked against the fields. */
export const handler = httpHandler({
  route: routes.updateCustomValue,
  body: updateValueInput,
  run: ({ actor, body }) => updateValue(actor, body.id, body),
});
