import * as routes from '@tandem/shared/api/areas/request-links';
import { entityId } from '@tandem/shared/api/limits';
import * as z from 'zod/mini';
import { getPortalTask } from '../../core/request-links/portal.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getPortalTask,
  params: z.object({ taskId: entityId }),
  run: ({ actor, params }) => getPortalTask(actor, params.taskId),
});
