import { createCategoryInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { createCategory } from '../../core/categories/categories.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.createCategory,
  body: createCategoryInput,
  run: async ({ actor, body }) => respond(201, await createCategory(actor, body)),
});
