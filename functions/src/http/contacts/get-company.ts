import * as routes from '@tandem/shared/api/areas/contacts';
import { companyIdField } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { getCompany } from '../../core/contacts/companies.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/company/{id}: the id must be a number (400 otherwise). */
export const handler = httpHandler({
  route: routes.getCompany,
  params: z.object({ id: companyIdField }),
  run: ({ actor, params }) => getCompany(actor, params.id),
});
