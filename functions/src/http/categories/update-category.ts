import { updateCategoryInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateCategory } from '../../core/categories/categories.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateCategory,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateCategoryInput,
  run: ({ actor, params, body }) => updateCategory(actor, params.id, body),
});
