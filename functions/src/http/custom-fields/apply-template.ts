import { applyFieldTemplateInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { applyFieldTemplate } from '../../core/custom-fields/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /task/template/custom-field/{id}/apply: the template's fields become the task's. */
export const handler = httpHandler({
  route: routes.applyCustomFieldTemplate,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: applyFieldTemplateInput,
  run: ({ actor, params, body }) => applyFieldTemplate(actor, params.id, body),
});
