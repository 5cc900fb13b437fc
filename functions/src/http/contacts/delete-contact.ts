import * as routes from '@tandem/shared/api/areas/contacts';
import * as z from 'zod/mini';
import { deleteContact } from '../../core/contacts/contacts.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /contact/{id}. */
export const handler = httpHandler({
  route: routes.deleteContact,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => respond(204, await deleteContact(actor, params.id)),
});
