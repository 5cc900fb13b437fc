import * as routes from '@tandem/shared/api/areas/templates';
import { listTemplates } from '../../core/templates/templates.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/template: groups → folders → templates (newest first), and custom-field templates. */
export const handler = httpHandler({
  route: routes.listTemplates,
  run: ({ actor }) => listTemplates(actor),
});
