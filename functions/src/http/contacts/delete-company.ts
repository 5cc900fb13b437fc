import * as routes from '@tandem/shared/api/areas/contacts';
import { companyIdField } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { deleteCompany } from '../../core/contacts/companies.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /contact/company/{id}. */
export const handler = httpHandler({
  route: routes.deleteCompany,
  params: z.object({ id: companyIdField }),
  run: async ({ actor, params }) => respond(204, await deleteCompany(actor, params.id)),
});
