import * as routes from '@tandem/shared/api/areas/contacts';
import { createContactInput } from '@tandem/shared/contacts/schemas';
import { createContact } from '../../core/contacts/contacts.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /contact/: blank e-mails, phones and addresses dropped; no group → the Private group. */
export const handler = httpHandler({
  route: routes.createContact,
  body: createContactInput,
  run: async ({ actor, body }) => respond(201, await createContact(actor, body)),
});
