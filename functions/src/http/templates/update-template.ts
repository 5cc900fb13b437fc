import { updateTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/areas/templates';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { updateTemplate } from '../../core/templates/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/template/{id}: rename, or move to another folder or group; owners only. */
export const handler = httpHandler({
  route: routes.updateTemplate,
  params: z.object({ id: entityId }),
  body: updateTemplateInput,
  run: ({ actor, params, body }) => updateTemplate(actor, params.id, body),
});
