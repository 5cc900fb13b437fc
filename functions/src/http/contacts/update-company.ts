import * as routes from '@tandem/shared/api/areas/contacts';
import { companyIdField, updateCompanyInput } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { updateCompany } from '../../core/contacts/companies.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /contact/company/{id}. */
export const handler = httpHandler({
  route: routes.updateCompany,
  params: z.object({ id: companyIdField }),
  body: updateCompanyInput,
  run: ({ actor, params, body }) => updateCompany(actor, params.id, body),
});
