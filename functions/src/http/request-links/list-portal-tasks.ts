import * as routes from '@tandem/shared/api/areas/request-links';
import { listPortalTasks } from '../../core/request-links/portal.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.listPortalTasks,
  run: ({ actor }) => listPortalTasks(actor),
});
