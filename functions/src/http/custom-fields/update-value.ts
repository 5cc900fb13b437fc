import { updateValueInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateValue } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/custom/value/{id}: the values again, checked against the fields. */
export const handler = httpHandler({
  route: routes.updateCustomValue,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }),
  body: updateValueInput,
  run: ({ actor, params, body }) => updateValue(actor, params.id, body),
});
