import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { definitionOf } from '../../core/custom-fields/custom-fields.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/custom/field/search/{taskId}: the fields that apply to a task ({results: []} when none). */
export const handler = httpHandler({
  route: routes.searchCustomFields,
  params: z.object({ taskId: z.string().check(z.minLength(1), z.maxLength(128)) }),
  run: async ({ actor, params }) => {
    const d = await definitionOf(actor, params.taskId);
    return { results: d ? [d] : [] };
  },
});
