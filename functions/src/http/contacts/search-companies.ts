import * as routes from '@tandem/shared/api/areas/contacts';
import { contactSearchQuery } from '@tandem/shared/contacts/schemas';
import { searchCompanies } from '../../core/contacts/companies.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/company/search?q=: by name (or a word of it), phone or cell, in the caller's groups. */
export const handler = httpHandler({
  route: routes.searchCompanies,
  query: contactSearchQuery,
  run: ({ actor, query }) => searchCompanies(actor, query),
});
