import * as routes from '@tandem/shared/api/areas/contacts';
import { associateTasksInput } from '@tandem/shared/contacts/schemas';
import { associateTasks } from '../../core/contacts/contact-tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /tasks/associate/ {contact or company, tasks}. */
export const handler = httpHandler({
  route: routes.associateTasks,
  body: associateTasksInput,
  run: ({ actor, body }) => associateTasks(actor, body),
});
