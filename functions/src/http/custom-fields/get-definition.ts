import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getDefinition } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/custom/field/{id}: a definition (its id is its task's). */
export const handler = httpHandler({
  route: routes.getCustomFields,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) }),
  run: ({ actor, params }) => getDefinition(actor, params.id),
});
