import * as routes from '@tandem/shared/api/areas/contacts';
import { contactListQuery } from '@tandem/shared/contacts/schemas';
import { listContacts } from '../../core/contacts/contacts.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/?page&page_size&ordering&group: a page of 50 at most. */
export const handler = httpHandler({
  route: routes.listContacts,
  query: contactListQuery,
  run: ({ actor, query }) => listContacts(actor, query),
});
