import * as routes from '@tandem/shared/api/areas/contacts';
import { companyListQuery } from '@tandem/shared/contacts/schemas';
import { listCompanies } from '../../core/contacts/companies.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/company/?page&page_size&ordering&group. */
export const handler = httpHandler({
  route: routes.listCompanies,
  query: companyListQuery,
  run: ({ actor, query }) => listCompanies(actor, query),
});
