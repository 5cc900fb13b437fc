import { routes, updateCategoryInput } from '@tandem/shared';
import * as z from 'zod';
import { updateCategory } from '../../core/categories/categories.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateCategory,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: updateCategoryInput,
  run: ({ actor, params, body }) => updateCategory(actor, params.id, body),
});
