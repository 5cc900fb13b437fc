import * as routes from '@tandem/shared/api/areas/contacts';
import { bulkInput } from '@tandem/shared/contacts/schemas';
import { bulkContacts } from '../../core/contacts/bulk.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /contacts/bulk/ {action, ids, group}. */
export const handler = httpHandler({
  route: routes.bulkContacts,
  body: bulkInput,
  run: ({ actor, body }) => bulkContacts(actor, body),
});
