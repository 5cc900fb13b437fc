import * as routes from '@tandem/shared/api/areas/contacts';
import { createCompanyInput } from '@tandem/shared/contacts/schemas';
import { createCompany } from '../../core/contacts/companies.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /contact/company. */
export const handler = httpHandler({
  route: routes.createCompany,
  body: createCompanyInput,
  run: async ({ actor, body }) => respond(201, await createCompany(actor, body)),
});
