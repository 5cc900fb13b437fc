import { updateDefinitionInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateDefinition } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/custom/field/{id}: the fields, the data-entry rule or the delegates' right. */
export const handler = httpHandler({
  route: routes.updateCustomFields,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) }),
  body: updateDefinitionInput,
  run: ({ actor, params, body }) => updateDefinition(actor, params.id, body),
});
