import { updateTaskInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateTask } from '../../core/tasks/tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /task/{id}: the changed fields only; each needs its permission. */
export const handler = httpHandler({
  route: routes.updateTask,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateTaskInput,
  run: ({ actor, params, body }) => updateTask(actor, params.id, body),
});
