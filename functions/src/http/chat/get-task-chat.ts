import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getChatForTask } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /chat/task/{taskId}: the task's chat (its id is the task's). */
export const handler = httpHandler({
  route: routes.getTaskChat,
  params: z.object({ taskId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getChatForTask(actor, params.taskId),
});
