import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getChatForTask } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /chat/task/{taskId}: the task's chat (its id is the task's). */
export const handler = httpHandler({
  route: routes.getTaskChat,
  params: z.object({ taskId: z.string().min(1).max(64) }),
  run: ({ actor, params }) => getChatForTask(actor, params.taskId),
});
