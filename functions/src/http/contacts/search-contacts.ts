import * as routes from '@tandem/shared/api/areas/contacts';
import { contactSearchQuery } from '@tandem/shared/contacts/schemas';
import { searchContacts } from '../../core/contacts/contacts.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/search?q=: by name, e-mail or phone, in the caller's groups. */
export const handler = httpHandler({
  route: routes.searchContacts,
  query: contactSearchQuery,
  run: ({ actor, query }) => searchContacts(actor, query),
});
