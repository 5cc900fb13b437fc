import * as routes from '@tandem/shared/api/areas/contacts';
import { companyIdField, linkedTasksQuery } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { listLinkedTasks } from '../../core/contacts/contact-tasks.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/company/task/{id}. */
export const handler = httpHandler({
  route: routes.listCompanyTasks,
  params: z.object({ id: companyIdField }),
  query: linkedTasksQuery,
  run: ({ actor, params, query }) => listLinkedTasks(actor, 'company', String(params.id), query),
});
