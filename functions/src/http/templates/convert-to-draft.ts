import { convertTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { applyTemplate } from '../../core/templates/apply.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /task/template/conversion/{id}: the template as a draft task tree; idempotent on the key. */
export const handler = httpHandler({
  route: routes.convertTemplateToDraft,
  params: z.object({ id: entityId }),
  body: convertTemplateInput,
  run: async ({ actor, params, body }) => respond(201, await applyTemplate(actor, params.id, body)),
});
