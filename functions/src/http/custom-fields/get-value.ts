import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getValue } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/custom/value/{id}. */
export const handler = httpHandler({
  route: routes.getCustomValue,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }),
  run: ({ actor, params }) => getValue(actor, params.id),
});
