import * as routes from '@tandem/shared/api/areas/contacts';
import { companyListQuery } from '@tandem/shared/contacts/schemas';
import { listCompanies } from '../../core/contacts/companies.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/company/group?group=a,b: the companies of these groups. */
export const handler = httpHandler({
  route: routes.listCompaniesByGroup,
  query: companyListQuery,
  run: ({ actor, query }) => listCompanies(actor, query),
});
