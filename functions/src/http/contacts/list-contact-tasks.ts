import * as routes from '@tandem/shared/api/areas/contacts';
import { linkedTasksQuery } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { listLinkedTasks } from '../../core/contacts/contact-tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/task/{id}: the contact's tasks the caller can see, a page at a time. */
export const handler = httpHandler({
  route: routes.listContactTasks,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: linkedTasksQuery,
  run: ({ actor, params, query }) => listLinkedTasks(actor, 'contact', params.id, query),
});
